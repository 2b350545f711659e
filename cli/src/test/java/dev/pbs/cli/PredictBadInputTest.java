package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.model.readpath.SpeculativeRetry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every kind of bad input exits with status 2 and one line on stderr that names the problem. */
class PredictBadInputTest {

    private static final String[] VALID = {"predict", "--profile", "lnkd-disk", "--n", "3", "--trials", "1000"};

    @Test
    void predict_rGreaterThanN_exitsTwoNamingR() {
        assertBadInput(run("--r", "4", "--w", "1"), "R must be between 1 and N=3, was 4");
    }

    @Test
    void predict_speculativeRetryWithoutTargetedReads_exitsTwoSayingWhatItNeeds() {
        assertBadInput(
                run("--speculative-retry", "99p"),
                "--speculative-retry asks one more replica than R, so it needs the targeted read fan-out "
                        + "(Cassandra's): add --read-fanout targeted");
    }

    @Test
    void predict_unknownSpeculativeRetry_exitsTwoListingTheForms() {
        assertBadInput(
                run("--read-fanout", "targeted", "--speculative-retry", "101p"),
                "--speculative-retry is not understood: speculative retry '101p': a speculative retry percentile "
                        + "must be above 0 and below 100, was 101.0 (accepted: " + SpeculativeRetry.FORMS + ")");
    }

    @Test
    void predict_unknownReadRepair_exitsTwoNamingTheValues() {
        assertBadInput(run("--read-repair", "later"), "--read-repair must be blocking, none or off, was 'later'");
    }

    @Test
    void predict_unknownReplicaChoice_exitsTwoNamingTheValues() {
        assertBadInput(
                run("--read-fanout", "targeted", "--replica-choice", "closest"),
                "--replica-choice must be random or snitch, was 'closest'");
    }

    @Test
    void predict_wGreaterThanN_exitsTwoNamingW() {
        assertBadInput(
                CommandLineRun.of("predict", "--profile", "lnkd-disk", "--n", "2", "--r", "1", "--w", "5"),
                "W must be between 1 and N=2, was 5");
    }

    @Test
    void predict_unknownProfile_exitsTwoListingKnownNames() {
        CommandLineRun run = CommandLineRun.of("predict", "--profile", "lnkd-tape", "--n", "3");

        assertBadInput(run, "unknown profile 'lnkd-tape'");
        assertThat(run.err()).contains("lnkd-ssd", "lnkd-disk", "ymmr", "wan", "ec2-three-regions");
    }

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @CsvSource(
            delimiter = '|',
            value = {
                "--n        | -1            | --n must be between 1 and 1024, was -1",
                "--n        | 0             | --n must be between 1 and 1024, was 0",
                "--n        | three         | '--n': 'three' is not a long",
                "--r        | QUARUM        | R must be a number or one of ONE, TWO, THREE, QUORUM, ALL, LOCAL_ONE, LOCAL_QUORUM, EACH_QUORUM, was 'QUARUM'",
                "--trials   | 0             | trials must be between 1 and 2000000000, was 0",
                "--trials   | -5            | trials must be between 1 and 2000000000, was -5",
                "--trials   | 2000000001    | trials must be between 1 and 2000000000, was 2000000001",
                "--trials   | many          | '--trials': 'many' is not a long",
                "--t        | -1            | --t must hold times after commit >= 0 ms, had -1",
                "--t        | 0,abc         | option '--t' (MS): 'abc' is not a number",
                "--t        | Infinity      | option '--t' (MS): 'Infinity' is not a number",
                "--t        | 1e999         | option '--t' (MS): '1e999' is not a finite number",
                "--t        | 1,,2          | option '--t' (MS): an empty value",
                "--windows  | 0             | --windows must hold probabilities in (0, 1], had 0",
                "--windows  | 1.5           | --windows must hold probabilities in (0, 1], had 1.5",
                "--windows  | NaN           | option '--windows' (P): 'NaN' is not a number",
                "--percentiles | 0          | --percentiles must hold percentiles in (0, 100], had 0",
                "--percentiles | 100.5      | --percentiles must hold percentiles in (0, 100], had 100.5",
                "--k        | 0             | --k must hold whole numbers k >= 1, had 0",
                "--k        | 1.5           | option '--k' (K): '1.5' is not a long",
                "--seed     | twelve        | twelve",
                "--threads  | 0             | threads must be between 1 and 256, was 0",
                "--read-fanout | some       | option '--read-fanout': expected one of [ALL, TARGETED] (case-insensitive) but was 'some'",
                "--format   | xml           | option '--format': expected one of [TABLE, JSON] (case-insensitive) but was 'xml'",
            })
    void predict_badOptionValue_exitsTwoNamingTheProblem(String option, String value, String expected) {
        Map<String, String> options =
                new LinkedHashMap<>(Map.of("--profile", "lnkd-disk", "--n", "3", "--trials", "1000"));
        if (option.equals("--r")) {
            options.put("--w", "1");
        }
        options.put(option, value);
        List<String> args = new ArrayList<>(List.of("predict"));
        options.forEach((name, text) -> args.addAll(List.of(name, text)));

        assertBadInput(CommandLineRun.of(args.toArray(String[]::new)), expected);
    }

    @Test
    void predict_repeatedOption_exitsTwoNamingIt() {
        assertBadInput(run("--n", "4"), "option '--n' (N) should be specified only once");
    }

    @Test
    void predict_onlyR_exitsTwoAskingForBoth() {
        assertBadInput(run("--r", "1"), "give both --r and --w");
    }

    @Test
    void predict_onlyW_exitsTwoAskingForBoth() {
        assertBadInput(run("--w", "1"), "give both --r and --w");
    }

    @Test
    void predict_allWithRAndW_exitsTwo() {
        assertBadInput(run("--all", "--r", "1", "--w", "1"), "--all cannot be combined with --r and --w");
    }

    @Test
    void predict_allWithLargeN_exitsTwoAskingForRAndW() {
        assertBadInput(CommandLineRun.of("predict", "--profile", "lnkd-ssd", "--n", "17"), "give --r and --w");
    }

    @Test
    void predict_noProfile_exitsTwoNamingBothOptions() {
        assertBadInput(CommandLineRun.of("predict", "--n", "3"), "--profile NAME");
    }

    @Test
    void predict_profileAndProfileFile_exitsTwo() {
        assertBadInput(
                run("--profile-file", "x.json"),
                "--profile=NAME, --profile-file=FILE are mutually exclusive (specify only one)");
    }

    @Test
    void predict_missingN_exitsTwoNamingN() {
        assertBadInput(CommandLineRun.of("predict", "--profile", "lnkd-ssd"), "--n is required");
    }

    @Test
    void predict_unknownOption_exitsTwoNamingIt() {
        assertBadInput(run("--colour", "blue"), "Unknown options: '--colour'");
    }

    @Test
    void predict_optionWithoutValue_exitsTwo() {
        assertBadInput(run("--t"), "Missing required parameter for option '--t'");
    }

    @Test
    void pbs_unknownCommand_exitsTwo() {
        assertBadInput(CommandLineRun.of("forecast"), "'forecast'");
    }

    @Test
    void pbs_noCommand_exitsTwo() {
        assertBadInput(CommandLineRun.of(), "a command is needed");
    }

    @Test
    void predict_missingProfileFile_exitsTwoNamingTheFile(@TempDir Path directory) {
        Path missing = directory.resolve("nowhere.json");

        assertBadInput(profileFileRun(missing), "profile file " + missing + ": no such file");
    }

    @Test
    void predict_malformedProfileFile_exitsTwoWithLineAndColumn(@TempDir Path directory) throws IOException {
        Path file = Files.writeString(directory.resolve("broken.json"), "{\"name\": \"x\",\n  \"default\": }\n");

        CommandLineRun run = profileFileRun(file);

        assertBadInput(run, "profile file " + file + ": not valid JSON at line 2");
    }

    @Test
    void predict_profileFileWithBadAlpha_exitsTwoNamingPathAndRule() {
        Path file = CommandLineRun.resource("profiles/bad-pareto-alpha.json");

        assertBadInput(
                profileFileRun(file),
                "profile file " + file + ": default.w.alpha: pareto alpha must be finite and > 0, was -1.0");
    }

    @Test
    void predict_profileFileFixingThreeReplicasWithNFour_exitsTwoNamingBoth() {
        CommandLineRun run = CommandLineRun.of(
                "predict",
                "--profile-file",
                CommandLineRun.resource("profiles/slow-replica.json").toString(),
                "--n",
                "4",
                "--trials",
                "1000");

        assertBadInput(run, "describes exactly 3 replicas, but N is 4");
    }

    private static CommandLineRun profileFileRun(Path file) {
        return CommandLineRun.of("predict", "--profile-file", file.toString(), "--n", "3", "--trials", "1000");
    }

    private static CommandLineRun run(String... extra) {
        List<String> args = new ArrayList<>(List.of(VALID));
        args.addAll(List.of(extra));
        return CommandLineRun.of(args.toArray(String[]::new));
    }

    private static void assertBadInput(CommandLineRun run, String expected) {
        assertThat(run.status()).as("exit status; stderr: %s", run.err()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.errorLines()).hasSize(1);
        String line = run.errorLines().get(0);
        assertThat(line).startsWith("pbs: ").contains(expected);
        assertThat(run.err()).doesNotContain("Exception", "at dev.", "at java.");
    }
}
