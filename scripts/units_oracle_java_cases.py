"""Hand-made Java files for the units oracle's Java check (scripts/units_oracle.py `java`): each
stresses one rule of docs/units.md "Java, exactly". `JAVA_CASES` maps a file name to its bytes
(javac parses each without error); `JAVA_BROKEN` are files javac refuses; `JAVA_LIMITS` are
files javac parses and docs/units.md says readcov cannot (identifiers spelled with `\\uXXXX`
escapes, a record declared in an `@interface`), left out of the comparison and counted."""

JAVA_CASES = {
    "Annotated.java": b'''package demo;

import java.util.*;

/**
 * Javadoc is a leading comment, not part of the unit.
 */
@SuppressWarnings({
    "unchecked",
    "rawtypes"
})
@Deprecated
public final class Annotated<T extends Comparable<T>>
        extends AbstractList<T>
        implements RandomAccess {

    /** field docs */
    private final List<T> items = new ArrayList<>();

    @Override
    public T get(int i) { return items.get(i); }

    @Override public int size() {
        return items.size();
    }

    public <U extends T>
    U max(U a,
          U b)
        throws IllegalStateException,
               IllegalArgumentException {
        return a.compareTo(b) > 0 ? a : b;
    }

    <V> Annotated(V seed) {
        super();
    }

    int legacy()[] { return new int[0]; }

    static {
        System.out.println("static init");
    }

    {
        System.out.println("instance init");
    }
}
''',
    "Shapes.java": b'''package demo;

public sealed interface Shapes permits Shapes.Circle, Shapes.Square {
    double area();

    default String describe() {
        return "area " + area();
    }

    static Shapes unit() {
        return new Circle(1);
    }

    record Circle(double r) implements Shapes {
        public Circle {
            if (r < 0) throw new IllegalArgumentException();
        }

        public double area() { return Math.PI * r * r; }
    }

    record Square(double side) implements Shapes {
        Square(double side) {
            this.side = side;
        }

        public double area() {
            return side * side;
        }
    }

    non-sealed class Open implements Shapes {
        public double area() { return 0; }
    }
}
''',
    "Enums.java": b'''package demo;

enum Planet {
    MERCURY(3.3e23),
    EARTH(5.9e24) {
        @Override
        double gravity() {
            return 9.8;
        }
    },
    MARS(6.4e23);

    private final double mass;

    Planet(double mass) {
        this.mass = mass;
    }

    double gravity() { return mass; }

    enum Inner { A, B }

    interface Visitor {
        void visit(Planet p);
    }
}
''',
    "Anonymous.java": b'''package demo;

import java.util.function.*;

class Anonymous {
    Runnable r = new Runnable() {
        @Override
        public void run() {
            Supplier<Integer> s = () -> {
                return 1;
            };
        }
    };

    void method() {
        class Local {
            void inLocal() {}
        }
        record LocalRecord(int x) {}
        enum LocalEnum { X }
        interface LocalInterface { void y(); }
        Object o = new Object() {
            public String toString() {
                return "anon";
            }

            class InAnon {
                void deep() {}
            }
        };
        Function<Integer, Integer> f = x -> x + 1;
    }

    static class Nested {
        class Inner {
            class Innermost {
                void m() {}
            }
        }
    }
}
''',
    "Annotations.java": b'''package demo;

import java.lang.annotation.*;

@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE,
         ElementType.METHOD})
public @interface Annotations {
    String value() default "";

    int[] numbers() default {1, 2};

    enum Level { LOW, HIGH }

    class Helper {
        void help() {}
    }

    @interface Nested {
        String name();
    }
}
''',
    "Strings.java": b'''package demo;

class Strings {
    String braces() {
        String s = "}{ } {";
        char c = '}';
        // a comment with a brace }
        /* and { another */
        return s + c;
    }

    String block() {
        return """
            class NotAUnit {
                void notAMethod() {}
            }
            """;
    }

    int sw(String o) {
        return switch (o) {
            case "a", "b" -> {
                yield 1;
            }
            default -> 0;
        };
    }

    boolean pattern(Object o) {
        return o instanceof String s && !s.isEmpty();
    }
}
''',
    "Abstract.java": b'''package demo;

abstract class Abstract {
    abstract void a();

    abstract
    int
    b(int x,
      int y);

    native void c();

    synchronized void d() {}

    public static void main(String... args) { }
}

interface Marker {}

class Empty {}

class OneLine { void f() {} int g() { return 1; } }
''',
    "Crlf.java": b"package demo;\r\n\r\nclass Crlf {\r\n    void f() {\r\n        int x = 1;\r\n    }\r\n}\r\n",
    "NoNewline.java": b"class NoNewline {\n    void f() {}\n}",
    "Tabs.java": b"class Tabs {\n\tvoid f() {\n\t\tint x = 1;\n\t}\n\n\tclass In {\n\t\tvoid g() {}\n\t}\n}\n",
    "Unicode.java": "class Caf\u00e9 {\n    void \u00e9t\u00e9() {}\n\n    Caf\u00e9() {}\n}\n".encode(),
    "TypeAnnotations.java": b'''import java.util.*;

class TypeAnnotations {
    List<@NonNull String> xs;
    void a(List<@NonNull String> p) {}
    String @Nullable [] b() { return null; }
    void c(Map.@A Entry<String, String> e) {}
    Object d() { return new @A Object(); }
    void g() throws @A Exception {}
    <@A T> void h(T t) {}
    void i(@A TypeAnnotations this) {}
}
''',
    "Overloads.java": b"class Overloads {\n    void f() {}\n    void f(int x) {}\n    void f(String s) {\n    }\n}\n",
}

JAVA_BROKEN = {
    "BrokenTail.java": b"class Fine {\n    void ok() {}\n}\n\nclass Broken {\n    void f( {\n    }\n",
    "BrokenMiddle.java": b"class A {\n    void ok() {}\n}\n\nclass B {\n    int x = ;\n    void g() {}\n}\n",
}

# Files javac parses that docs/units.md says readcov cannot: left out of the comparison, counted.
JAVA_LIMITS = {
    # `\uXXXX` escapes in identifiers are not translated (JLS 3.3): a parse error
    "Escapes.java": b"class \\u0041 {\n    void \\u0062() {}\n}\n",
    # tree-sitter-java 0.23.5 has no record among an annotation type's members
    "RecordInAnnotation.java": b"@interface A {\n    record R(int v) {\n    }\n    String e();\n}\n",
    # nor type annotations on a varargs parameter's array dimensions: both methods are lost
    "AnnotatedArrayVarargs.java": b"public class B {\n    void g(int @A [] @B ... xs) {\n    }\n\n    void h() {}\n}\n",
}

# Files javac parses where readcov counts parse errors (tree-sitter-java 0.23.5 lacks the form) but
# its units still come out right: compared, the warning allowed.
JAVA_WARNS = {
    "VarargsAnnotation.java": b"class V {\n    void f(int @A ... xs) {}\n    void g() {}\n}\n",
    "MultiCatchAnnotation.java": b"class C {\n    void f() {\n        try {\n        } catch (T1 | @A3 T2 e) {\n        }\n    }\n\n    void h() {}\n}\n",
}
