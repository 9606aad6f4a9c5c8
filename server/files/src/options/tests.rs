use super::*;

#[test]
fn sources_parse_as_the_cli_names_them() {
    assert_eq!(
        parse_sources("sources", &["agent", "retriever"]),
        Ok(BTreeSet::from([Source::Agent, Source::Retriever]))
    );
    assert_eq!(
        parse_sources("sources", &["bogus"]).unwrap_err(),
        "invalid value 'bogus' for `sources` [possible values: agent, human, manual, retriever]"
    );
    assert!(parse_sources::<&str>("sources", &[]).is_err());
    // Case matters, as for clap's value enum.
    assert!(parse_sources("sources", &["Agent"]).is_err());
}

#[test]
fn levels_parse_by_label() {
    assert_eq!(parse_level("trec_run", "unit"), Ok(Level::Unit));
    assert_eq!(
        parse_level("trec_run", "units").unwrap_err(),
        "invalid value 'units' for `trec_run` [possible values: file, unit, line]"
    );
}
