package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pbs.formats.json.JsonMapping;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code ./pbs predict} with figures beyond what its plain trials resolve: windows given with
 * {@code --windows} that fewer than 400 trials lie beyond, and {@code --stale-probabilities}, go to
 * the rare-event method, which each figure names; options it does not cover keep the plain figures
 * and say why; questions that do not need it read as before.
 */
class PredictRareEventsTest {

    private static final ObjectMapper MAPPER = JsonMapping.mapper();

    private static JsonNode json(String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--format", "json"));
        CommandLineRun run = CommandLineRun.of(all.toArray(String[]::new));
        assertThat(run.status()).as(run.err()).isZero();
        return MAPPER.readTree(run.out());
    }

    private static JsonNode configuration(JsonNode root, int r, int w) {
        for (JsonNode configuration : root.get("configs")) {
            if (configuration.get("r").asInt() == r && configuration.get("w").asInt() == w) {
                return configuration;
            }
        }
        throw new AssertionError("no configuration R=" + r + " W=" + w);
    }

    @Test
    void predict_sixNinesWindow_isEstimatedByImportanceSamplingToTenPercent() throws Exception {
        JsonNode root = json(
                "predict", "--profile", "lnkd-disk", "--n", "3", "--windows", "0.99,0.999999", "--trials", "100000");

        JsonNode rare = root.get("rare_events");
        assertThat(rare.get("method").asText()).isEqualTo("importance_sampling");
        assertThat(rare.get("covered").asBoolean()).isTrue();
        assertThat(rare.get("stopped").asText()).isEqualTo("settled");
        assertThat(rare.get("resolved").asBoolean()).isTrue();
        assertThat(rare.get("trials").asLong()).isPositive();
        JsonNode weight = rare.get("mean_weight_ci95");
        assertThat(1.0).isBetween(weight.get(0).asDouble(), weight.get(1).asDouble());
        for (int[] partial : new int[][] {{1, 1}, {1, 2}, {2, 1}}) {
            JsonNode windows = configuration(root, partial[0], partial[1]).get("windows_ms");
            assertThat(windows.get(0).get("method").asText()).isEqualTo("monte_carlo");
            JsonNode sixNines = windows.get(1);
            assertThat(sixNines.get("method").asText()).isEqualTo("importance_sampling");
            assertThat(sixNines.get("resolved").asBoolean()).isTrue();
            double stale = sixNines.get("p_stale").asDouble();
            // Just before the window P(stale) is still above 1 - p, within a bucket of it.
            assertThat(stale).isGreaterThan(1e-6).isLessThan(1.2e-6);
            assertThat(sixNines.get("p_stale_ci95").get(1).asDouble() - stale).isLessThanOrEqualTo(0.1 * stale);
            assertThat(sixNines.get("effective_sample_size").asDouble()).isGreaterThan(300);
            double millis = sixNines.get("t_ms").asDouble();
            assertThat(millis)
                    .isBetween(
                            sixNines.get("ci95").get(0).asDouble(),
                            sixNines.get("ci95").get(1).asDouble());
        }
        assertThat(configuration(root, 2, 2)
                        .get("windows_ms")
                        .get(1)
                        .get("method")
                        .asText())
                .isEqualTo("exact");
    }

    @Test
    void predict_sixNinesWindowTable_marksTheFigureAndSaysHowItWasEstimated() {
        CommandLineRun run = CommandLineRun.of(
                "predict", "--profile", "lnkd-disk", "--n", "3", "--windows", "0.999999", "--trials", "100000");

        assertThat(run.status()).isZero();
        assertThat(run.out())
                .contains("* importance sampling (the rare-event method), since fewer than 400 of the 100,000 trials "
                        + "lie beyond the window at p=0.999999")
                .containsPattern("(?m)^2  1  partial +[0-9.]+\\*")
                .containsPattern("(?m)^2  2  strict +0 ");
    }

    @Test
    void predict_sameSeed_givesTheSameRareFiguresWhateverTheThreads() throws Exception {
        String[] question = {"predict", "--profile", "ymmr", "--n", "3", "--windows", "0.99999", "--trials", "50000"};
        List<String> oneThread = new ArrayList<>(List.of(question));
        oneThread.addAll(List.of("--threads", "1"));
        List<String> twoThreads = new ArrayList<>(List.of(question));
        twoThreads.addAll(List.of("--threads", "2"));

        assertThat(json(oneThread.toArray(String[]::new))).isEqualTo(json(twoThreads.toArray(String[]::new)));
    }

    @Test
    void predict_windowsThePlainTrialsResolve_readAsBefore() throws Exception {
        // (1 - 0.99) x 40,000 = 400 trials beyond: resolved, no rare-event method.
        JsonNode explicit =
                json("predict", "--profile", "lnkd-disk", "--n", "3", "--windows", "0.99", "--trials", "40000");
        // The default windows (0.99, 0.999, 0.9999) are never sent to the method.
        JsonNode defaults = json("predict", "--profile", "lnkd-disk", "--n", "3", "--trials", "1000");

        for (JsonNode root : List.of(explicit, defaults)) {
            assertThat(root.has("rare_events")).isFalse();
            for (JsonNode configuration : root.get("configs")) {
                for (JsonNode window : configuration.get("windows_ms")) {
                    assertThat(window.has("method")).isFalse();
                }
                assertThat(configuration.get("t_visibility").get(0).has("stale"))
                        .isFalse();
            }
        }
    }

    @Test
    void predict_speculativeRetry_keepsThePlainWindowsAndSaysTheMethodDoesNotCoverIt() throws Exception {
        String[] question = {
            "predict",
            "--profile",
            "lnkd-disk",
            "--n",
            "3",
            "--r",
            "1",
            "--w",
            "1",
            "--read-fanout",
            "targeted",
            "--speculative-retry",
            "99p",
            "--windows",
            "0.9999",
            "--trials",
            "20000"
        };
        JsonNode root = json(question);
        CommandLineRun table = CommandLineRun.of(question);

        JsonNode rare = root.get("rare_events");
        assertThat(rare.get("covered").asBoolean()).isFalse();
        assertThat(rare.get("refused").asText()).endsWith("it does not cover speculative retry");
        assertThat(rare.has("trials")).isFalse();
        assertThat(root.get("configs")
                        .get(0)
                        .get("windows_ms")
                        .get(0)
                        .get("method")
                        .asText())
                .isEqualTo("monte_carlo");
        assertThat(table.out())
                .contains("Plain Monte Carlo's windows although fewer than 400 of the 20,000 trials lie beyond the "
                        + "window at p=0.9999: the rare-event method (importance sampling)")
                .doesNotContain("*");
    }

    @Test
    void predict_staleProbabilities_givesEachTimeItsProbabilityAndMethod() throws Exception {
        JsonNode root = json(
                "predict",
                "--profile",
                "lnkd-disk",
                "--n",
                "3",
                "--r",
                "2",
                "--w",
                "1",
                "--stale-probabilities",
                "--t",
                "0,100",
                "--trials",
                "100000");

        JsonNode points = root.get("configs").get(0).get("t_visibility");
        JsonNode atCommit = points.get(0).get("stale");
        assertThat(atCommit.get("method").asText()).isEqualTo("monte_carlo");
        assertThat(atCommit.get("p").asDouble())
                .isEqualTo(1 - points.get(0).get("p_consistent").asDouble());
        JsonNode late = points.get(1).get("stale");
        assertThat(late.get("method").asText()).isEqualTo("importance_sampling");
        assertThat(late.get("resolved").asBoolean()).isTrue();
        double stale = late.get("p").asDouble();
        // About 1.4e-7: none of the 100,000 plain trials was stale.
        assertThat(stale).isBetween(5e-8, 5e-7);
        assertThat(late.get("ci95").get(0).asDouble()).isGreaterThanOrEqualTo(0.9 * stale);
        assertThat(late.get("ci95").get(1).asDouble()).isLessThanOrEqualTo(1.1 * stale);
        assertThat(late.get("effective_sample_size").asDouble()).isGreaterThan(300);
    }

    @Test
    void predict_staleProbabilitiesTable_marksTheMethodsFigures() {
        CommandLineRun run = CommandLineRun.of(
                "predict",
                "--profile",
                "lnkd-ssd",
                "--n",
                "3",
                "--stale-probabilities",
                "--t",
                "0,10,1000",
                "--trials",
                "20000");

        assertThat(run.status()).isZero();
        assertThat(run.out())
                .contains("P(stale): probability that a read starting t ms after commit misses the write")
                .containsPattern("(?m)^1  1  partial +0\\.[0-9]+ +[0-9.]+e-[0-9]+\\* +unseen\\*$")
                .contains("unseen: no such trial was stale, the probability is below what the method reaches");
    }

    @Test
    void predict_levelsWithAnUnresolvedWindow_sayTheMethodDoesNotCoverThem() throws Exception {
        JsonNode root = json("predict", "--profile", "ec2-three-regions", "--windows", "0.99999", "--trials", "20000");

        assertThat(root.get("rare_events").get("refused").asText())
                .endsWith("it does not cover consistency levels across datacenters");
    }

    @Test
    void predict_staleProbabilitiesWithLevels_isRefusedInOneLine() {
        CommandLineRun run = CommandLineRun.of(
                "predict", "--profile", "ec2-three-regions", "--stale-probabilities", "--trials", "1000");

        assertThat(run.status()).isEqualTo(PbsCommandLine.EXIT_BAD_INPUT);
        assertThat(run.errorLines())
                .containsExactly("pbs: --stale-probabilities is for (R, W) questions; the rare-event method does not "
                        + "cover consistency levels across datacenters");
    }
}
