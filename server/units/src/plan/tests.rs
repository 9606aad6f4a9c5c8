use crate::Lang;

fn id(lang: Lang, kind: &str) -> u16 {
    lang.language().id_for_node_kind(kind, true)
}

#[test]
fn every_language_has_a_plan() {
    for lang in Lang::ALL {
        assert!(lang.plan().is_some(), "{}: no plan", lang.name());
    }
}

#[test]
fn python_prunes_expressions_but_not_statements() {
    let plan = Lang::Python.plan().expect("plan");
    let py = |k| id(Lang::Python, k);
    for k in [
        "function_definition",
        "class_definition",
        "decorated_definition",
    ] {
        assert!(plan.is_candidate(py(k)), "{k} starts a pattern");
    }
    for k in [
        "module",
        "block",
        "if_statement",
        "try_statement",
        "with_statement",
    ] {
        assert!(plan.descend(py(k)), "{k} can hold a def");
    }
    for k in [
        "call",
        "expression_statement",
        "string",
        "lambda",
        "assignment",
    ] {
        assert!(!plan.descend(py(k)), "{k} cannot hold a def");
        assert!(!plan.is_candidate(py(k)), "{k} starts no pattern");
    }
    assert!(plan.descend(u16::MAX), "unknown kinds are descended into");
}

#[test]
fn javascript_keeps_expressions_that_can_hold_functions() {
    let plan = Lang::JavaScript.plan().expect("plan");
    for k in ["call_expression", "arguments", "object", "pair"] {
        assert!(
            plan.descend(id(Lang::JavaScript, k)),
            "{k} can hold a function"
        );
    }
    assert!(!plan.descend(id(Lang::JavaScript, "string")));
}
