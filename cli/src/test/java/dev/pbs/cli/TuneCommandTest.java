package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.formats.json.JsonMapping;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TuneCommandTest {

    @Test
    void tune_ymmrWindowWithin250ms_ranksTwoOneFirstAndExplainsOneOne() throws Exception {
        CommandLineRun run = CommandLineRun.of(
                "tune",
                "--profile",
                "ymmr",
                "--n",
                "3",
                "--require",
                "window@0.999<=250ms",
                "--trials",
                "200000",
                "--format",
                "json");

        assertThat(run.status()).as(run.err()).isZero();
        JsonNode answer = JsonMapping.mapper().readTree(run.out());
        JsonNode best = answer.get("feasible").get(0);
        assertThat(best.get("r").asInt()).isEqualTo(2);
        assertThat(best.get("w").asInt()).isEqualTo(1);
        assertThat(best.get("metrics").get("window_ms").asDouble()).isLessThanOrEqualTo(250);
        JsonNode oneOne = null;
        for (JsonNode rejected : answer.get("rejected")) {
            if (rejected.get("r").asInt() == 1 && rejected.get("w").asInt() == 1) {
                oneOne = rejected;
            }
        }
        assertThat(oneOne).isNotNull();
        assertThat(oneOne.get("violations").get(0).asText())
                .startsWith("window@0.999=")
                .endsWith("> 250ms");
        assertThat(answer.get("frontier")).isNotEmpty();
    }

    @Test
    void tune_tableWithCassandraLevelsAndARange_listsFeasibleAndRejected() {
        CommandLineRun run = CommandLineRun.of(
                "tune",
                "--profile",
                "lnkd-ssd",
                "--n",
                "3..4",
                "--levels",
                "cassandra",
                "--require",
                "w>=2",
                "--objective",
                "mix:0.9",
                "--trials",
                "20000");

        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out())
                .contains("Feasible, best first")
                .contains("Rejected")
                .contains("w=1 < 2");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "--require     | window@2<=5ms   | a probability must be in (0, 1), at '2'",
                "--require     | speed>9         | is not one of the forms",
                "--objective   | fastest         | objective must be read, write, sum or mix",
                "--levels      | all             | option '--levels': expected one of [NUMERIC, CASSANDRA]",
                "--n           | 5..3            | --n must be a range within 1..16, was 5..3",
                "--n           | three           | --n must be a number or a range such as 3..5, was 'three'",
            })
    void tune_badInput_exitsTwoWithOneLineNamingIt(String option, String value, String message) {
        CommandLineRun run = option.equals("--n")
                ? CommandLineRun.of("tune", "--profile", "lnkd-ssd", "--trials", "1000", option, value)
                : CommandLineRun.of("tune", "--profile", "lnkd-ssd", "--n", "3", "--trials", "1000", option, value);

        assertThat(run.status()).isEqualTo(2);
        assertThat(run.err().lines()).hasSize(1);
        assertThat(run.err()).contains(message).doesNotContain("Exception");
    }

    @org.junit.jupiter.api.Test
    void tune_plot_writesAPngAndRefusesOtherFormats(@org.junit.jupiter.api.io.TempDir java.nio.file.Path directory)
            throws Exception {
        java.nio.file.Path png = directory.resolve("frontier.png");
        CommandLineRun run = CommandLineRun.of(
                "tune",
                "--profile",
                "ymmr",
                "--n",
                "3",
                "--require",
                "window@0.999<=250ms",
                "--trials",
                "20000",
                "--plot",
                png.toString());
        assertThat(run.status()).as(run.err()).isZero();
        byte[] pngBytes = java.nio.file.Files.readAllBytes(png);
        assertThat(java.util.Arrays.copyOf(pngBytes, 4)).containsExactly(0x89, 'P', 'N', 'G');

        for (String other : java.util.List.of("frontier.svg", "frontier.gif")) {
            CommandLineRun wrong = CommandLineRun.of(
                    "tune",
                    "--profile",
                    "ymmr",
                    "--n",
                    "3",
                    "--trials",
                    "1000",
                    "--plot",
                    directory.resolve(other).toString());
            assertThat(wrong.status()).isEqualTo(2);
            assertThat(wrong.err()).contains("--plot must name a .png file");
        }
    }
}
