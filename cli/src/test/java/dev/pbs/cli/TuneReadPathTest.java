package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.formats.json.JsonMapping;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code pbs tune} with Cassandra's read path: predict's read options, several speculative retry settings. */
class TuneReadPathTest {

    /** Every message 1 ms, but replica 0 answers reads in 20 + 20 ms. */
    private static final String ONE_SLOW_REPLICA = "{\"name\": \"one-slow-replica\", \"provenance\": \"test, ms\", "
            + "\"default\": {\"w\": {\"type\": \"constant\", \"value_ms\": 1}, "
            + "\"a\": {\"type\": \"constant\", \"value_ms\": 1}, \"r\": {\"type\": \"constant\", \"value_ms\": 1}, "
            + "\"s\": {\"type\": \"constant\", \"value_ms\": 1}}, "
            + "\"replicas\": [{\"r\": {\"type\": \"constant\", \"value_ms\": 20}, "
            + "\"s\": {\"type\": \"constant\", \"value_ms\": 20}}, {}, {}]}";

    @TempDir
    Path folder;

    private static JsonNode json(CommandLineRun run) throws Exception {
        assertThat(run.status()).as(run.err()).isZero();
        return JsonMapping.mapper().readTree(run.out());
    }

    private static JsonNode candidate(JsonNode answer, int r, int w) {
        List<JsonNode> all = new ArrayList<>();
        answer.get("feasible").forEach(all::add);
        answer.get("rejected").forEach(all::add);
        return all.stream()
                .filter(candidate ->
                        candidate.get("r").asInt() == r && candidate.get("w").asInt() == w)
                .findFirst()
                .orElseThrow();
    }

    @Test
    void always_profileWithOneSlowReplica_readsFasterThanNone() throws Exception {
        Path profile = folder.resolve("one-slow-replica.json");
        Files.writeString(profile, ONE_SLOW_REPLICA);
        JsonNode[] answers = new JsonNode[2];
        String[] settings = {"NONE", "ALWAYS"};
        for (int i = 0; i < 2; i++) {
            answers[i] = json(CommandLineRun.of(
                    "tune",
                    "--profile-file",
                    profile.toString(),
                    "--n",
                    "3",
                    "--read-fanout",
                    "targeted",
                    "--speculative-retry",
                    settings[i],
                    "--trials",
                    "20000",
                    "--seed",
                    "3",
                    "--format",
                    "json"));
        }

        JsonNode none = candidate(answers[0], 1, 1);
        JsonNode always = candidate(answers[1], 1, 1);
        assertThat(none.has("speculative_retry"))
                .as("one setting that never speculates")
                .isFalse();
        assertThat(always.get("speculative_retry").asText()).isEqualTo("ALWAYS");
        // A third of reads ask replica 0 (40 ms) without speculation; asking two at once, never.
        assertThat(none.get("metrics").get("read_p999_ms").asDouble()).isBetween(39.9, 40.1);
        assertThat(always.get("metrics").get("read_p999_ms").asDouble()).isBetween(1.99, 2.01);
        assertThat(always.get("metrics").get("p_speculated").asDouble()).isEqualTo(1);
    }

    @Test
    void profileWithAReadPath_isTunedWithItUnlessAReadOptionIsGiven() throws Exception {
        Path profile = folder.resolve("measured.json");
        Files.writeString(
                profile,
                ONE_SLOW_REPLICA.substring(0, ONE_SLOW_REPLICA.length() - 1)
                        + ", \"read_path\": {\"speculative_retry\": \"ALWAYS\", \"read_repair\": \"none\"}}");

        JsonNode measured = json(CommandLineRun.of(
                "tune", "--profile-file", profile.toString(), "--n", "3", "--trials", "20000", "--format", "json"));
        assertThat(measured.get("read_path").get("read_fanout").asText()).isEqualTo("targeted");
        assertThat(measured.get("read_path").get("speculative_retry"))
                .extracting(JsonNode::asText)
                .containsExactly("ALWAYS");
        assertThat(candidate(measured, 1, 1).get("metrics").get("read_p999_ms").asDouble())
                .isBetween(1.99, 2.01);

        // Any read option replaces the profile's whole read path.
        JsonNode asked = json(CommandLineRun.of(
                "tune",
                "--profile-file",
                profile.toString(),
                "--n",
                "3",
                "--read-fanout",
                "targeted",
                "--trials",
                "20000",
                "--format",
                "json"));
        assertThat(asked.get("read_path").get("speculative_retry"))
                .extracting(JsonNode::asText)
                .containsExactly("NONE");
        assertThat(candidate(asked, 1, 1).get("metrics").get("read_p999_ms").asDouble())
                .isBetween(39.9, 40.1);
    }

    @Test
    void severalSettings_tableNamesEachCandidatesSettingAndRejectsBySpeculation() {
        CommandLineRun run = CommandLineRun.of(
                "tune",
                "--profile",
                "lnkd-ssd",
                "--n",
                "3",
                "--read-fanout",
                "targeted",
                "--speculative-retry",
                "NONE,MIN(99p,20ms)",
                "--speculative-retry",
                "ALWAYS",
                "--require",
                "speculation<=0.05",
                "--trials",
                "10000");

        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out())
                .contains("speculative retry searched over NONE, MIN(99p,20ms), ALWAYS")
                .contains("speculative retry")
                .contains("speculated")
                .contains("MIN(99p,20ms)")
                .containsPattern("3  1  1  ALWAYS +partial  speculation=1 > 0.05");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "--speculative-retry        | 99p             | --speculative-retry asks one more replica than R",
                "--speculative-retry        | NONE,sometimes  | --speculative-retry is not understood: speculative "
                        + "retry 'sometimes'",
                "--speculative-retry        | 'NONE,'         | --speculative-retry has an empty setting in 'NONE,'",
                "--read-repair              | sometimes       | --read-repair must be blocking, none or off, was 'sometimes'",
                "--replica-choice           | nearest         | --replica-choice must be random or snitch, was 'nearest'",
                "--snitch-badness-threshold | 0.5             | --snitch-badness-threshold is the dynamic snitch's",
                "--snitch-badness-threshold | -1              | --snitch-badness-threshold must be a finite number >= 0",
                "--read-fanout              | sideways        | Invalid value for option '--read-fanout'",
                "--require                  | speculation<=2  | a fraction of reads must be in [0, 1], at '2'",
                "--require                  | repair@x<=0.1   | expected a time in ms, at 'x'",
            })
    void badReadOptions_exitTwoWithOneLineNamingThem(String option, String value, String message) {
        CommandLineRun run =
                CommandLineRun.of("tune", "--profile", "lnkd-ssd", "--n", "3", "--trials", "1000", option, value);

        assertThat(run.status()).isEqualTo(2);
        assertThat(run.err().lines()).hasSize(1);
        assertThat(run.err()).contains(message).doesNotContain("Exception");
    }

    @Test
    void readOptions_forLevelsAcrossDatacenters_areRefusedAsPredictRefusesThem() {
        CommandLineRun run = CommandLineRun.of(
                "tune", "--profile", "ec2-three-regions", "--trials", "1000", "--read-repair", "blocking");

        assertThat(run.status()).isEqualTo(2);
        assertThat(run.err())
                .contains("--read-repair blocking is modelled for (R, W) questions only so far, not for consistency "
                        + "levels across datacenters");
    }
}
