//! Every refusal of the command line names what is wrong: the refusals are generated from the
//! definition of the arguments (`judge::testing::clap_errors_name_what_is_wrong`).

#[test]
fn every_command_line_refusal_names_what_is_wrong() {
    let checked =
        judge::testing::clap_errors_name_what_is_wrong::<crate::Arguments>(crate::EXAMPLES);
    assert!(checked >= 3, "only {checked} refusals checked");
}
