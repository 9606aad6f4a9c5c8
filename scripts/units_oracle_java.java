// Java units recomputed with javac's own parser (the JDK's Compiler Tree API, `com.sun.source`),
// for scripts/units_oracle.py, from docs/units.md "Java, exactly"; never from readcov's query.
// Run as a single-file program: `java scripts/units_oracle_java.java FILE...` prints one JSON line
// per file: {"path", "errors" (javac's parse errors), "first_error" (its line, 0 without),
// "units": [{kind, name, start, end, depth}]}.
// Parse only (no attribution): no member javac would generate (default constructors, enum
// `values()`, record accessors) exists yet.
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreeScanner;
import com.sun.source.util.Trees;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

public class UnitsOracleJava {
    public static void main(String[] args) throws Exception {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        StandardJavaFileManager fm = javac.getStandardFileManager(null, null, StandardCharsets.UTF_8);
        DiagnosticCollector<JavaFileObject> diags = new DiagnosticCollector<>();
        JavacTask task = (JavacTask) javac.getTask(null, fm, diags,
                List.of("-proc:none", "--release", "17"), null, fm.getJavaFileObjects(args));
        Iterable<? extends CompilationUnitTree> units = task.parse();
        Map<String, Integer> errors = new HashMap<>();
        Map<String, Long> firstError = new HashMap<>();
        for (Diagnostic<? extends JavaFileObject> d : diags.getDiagnostics()) {
            if (d.getKind() == Diagnostic.Kind.ERROR && d.getSource() != null) {
                errors.merge(d.getSource().getName(), 1, Integer::sum);
                firstError.merge(d.getSource().getName(), d.getLineNumber(), Math::min);
            }
        }
        SourcePositions sp = Trees.instance(task).getSourcePositions();
        for (CompilationUnitTree cu : units) {
            List<String> out = new ArrayList<>();
            new Scanner(cu, sp, out).scan(cu, null);
            String path = cu.getSourceFile().getName();
            System.out.println("{\"path\":" + str(path) + ",\"errors\":" + errors.getOrDefault(path, 0)
                    + ",\"first_error\":" + firstError.getOrDefault(path, 0L)
                    + ",\"units\":[" + String.join(",", out) + "]}");
        }
    }

    static String str(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') {
                b.append('\\').append(c);
            } else if (c < 0x20) {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.append('"').toString();
    }

    static class Scanner extends TreeScanner<Void, Void> {
        final CompilationUnitTree cu;
        final SourcePositions sp;
        final List<String> out;
        // enclosing class declarations (null for an anonymous class body) and the unit depth
        final Deque<ClassTree> classes = new ArrayDeque<>();
        int depth = 0;

        Scanner(CompilationUnitTree cu, SourcePositions sp, List<String> out) {
            this.cu = cu;
            this.sp = sp;
            this.out = out;
        }

        void emit(String kind, String name, Tree t) {
            long start = cu.getLineMap().getLineNumber(sp.getStartPosition(cu, t));
            long end = cu.getLineMap().getLineNumber(sp.getEndPosition(cu, t) - 1);
            out.add("{\"kind\":" + str(kind) + ",\"name\":" + str(name) + ",\"start\":" + start
                    + ",\"end\":" + end + ",\"depth\":" + depth + "}");
        }

        @Override
        public Void visitNewClass(NewClassTree t, Void v) {
            // an anonymous class body is not a unit; the methods it declares are
            scan(t.getEnclosingExpression(), v);
            scan(t.getIdentifier(), v);
            scan(t.getArguments(), v);
            if (t.getClassBody() != null) {
                classes.push(t.getClassBody());
                scan(t.getClassBody().getMembers(), v);
                classes.pop();
            }
            return null;
        }

        @Override
        public Void visitClass(ClassTree t, Void v) {
            String kind;
            switch (t.getKind()) {
                case INTERFACE:
                case ANNOTATION_TYPE:
                    kind = "interface";
                    break;
                case ENUM:
                    kind = "enum";
                    break;
                case RECORD:
                    kind = "record";
                    break;
                default:
                    kind = "class";
            }
            emit(kind, t.getSimpleName().toString(), t);
            depth++;
            classes.push(t);
            super.visitClass(t, v);
            classes.pop();
            depth--;
            return null;
        }

        @Override
        public Void visitMethod(MethodTree t, Void v) {
            ClassTree owner = classes.peek();
            if (owner != null && owner.getKind() == Tree.Kind.ANNOTATION_TYPE) {
                return super.visitMethod(t, v); // an annotation element is not a unit
            }
            boolean ctor = t.getName().contentEquals("<init>");
            emit(ctor ? "constructor" : "method", ctor ? owner.getSimpleName().toString()
                    : t.getName().toString(), t);
            depth++;
            super.visitMethod(t, v);
            depth--;
            return null;
        }
    }
}
