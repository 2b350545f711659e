package dev.pbs.montecarlo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.model.profile.LatencyProfile;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Determinism, monotonicity and validation. */
class EngineInvariantsTest {

    private static final LatencyProfile DISK =
            BuiltInProfiles.named("lnkd-disk").orElseThrow();
    private static final WarsEngine ENGINE = new WarsEngine();

    @Test
    void run_sameSeedDifferentThreadCounts_givesIdenticalResults() {
        long trials = 5 * WarsEngine.CHUNK_TRIALS + 123;
        List<String> fingerprints = new java.util.ArrayList<>();
        for (int threads : new int[] {1, 2, 3}) {
            SimulationResult result = ENGINE.run(
                    SimulationSpec.builder(BuiltInProfiles.named("wan").orElseThrow(), 3)
                            .trials(trials)
                            .seed(99)
                            .threads(threads)
                            .readFanout(ReadFanout.TARGETED)
                            .build());
            fingerprints.add(fingerprint(result));
        }
        assertThat(fingerprints.get(1)).isEqualTo(fingerprints.get(0));
        assertThat(fingerprints.get(2)).isEqualTo(fingerprints.get(0));
    }

    @Test
    void run_withProgressListener_reportsEveryChunkUpToTheTotalAndSameResults() {
        long trials = 3 * WarsEngine.CHUNK_TRIALS + 7;
        java.util.concurrent.ConcurrentLinkedQueue<Long> reports = new java.util.concurrent.ConcurrentLinkedQueue<>();
        SimulationSpec spec =
                SimulationSpec.builder(DISK, 3).trials(trials).threads(2).build();
        SimulationResult watched = ENGINE.run(spec, (completed, total) -> {
            assertThat(total).isEqualTo(trials);
            reports.add(completed);
        });

        assertThat(reports).hasSize(4).contains(trials);
        assertThat(reports.stream().mapToLong(Long::longValue).max().orElseThrow())
                .isEqualTo(trials);
        assertThat(fingerprint(watched)).isEqualTo(fingerprint(ENGINE.run(spec)));
    }

    @Test
    void run_differentSeeds_giveDifferentDraws() {
        SimulationResult first = ENGINE.run(
                SimulationSpec.builder(DISK, 3).trials(20_000).seed(1).build());
        SimulationResult second = ENGINE.run(
                SimulationSpec.builder(DISK, 3).trials(20_000).seed(2).build());
        assertThat(fingerprint(first)).isNotEqualTo(fingerprint(second));
    }

    @Test
    void visibility_largerTimeOrQuorum_neverLowersConsistentCountsOnTheSameDraws() {
        int n = 4;
        for (ReadFanout fanout : ReadFanout.values()) {
            SimulationResult result = ENGINE.run(SimulationSpec.builder(DISK, n)
                    .trials(50_000)
                    .seed(4)
                    .readFanout(fanout)
                    .build());
            for (int r = 1; r <= n; r++) {
                for (int w = 1; w <= n; w++) {
                    List<VisibilityPoint> curve =
                            result.configuration(r, w).orElseThrow().visibility();
                    for (int g = 1; g < curve.size(); g++) {
                        assertThat(curve.get(g).consistent().successes())
                                .isGreaterThanOrEqualTo(
                                        curve.get(g - 1).consistent().successes());
                    }
                    for (int g = 0; g < curve.size(); g++) {
                        long here = curve.get(g).consistent().successes();
                        if (r < n) {
                            assertThat(result.configuration(r + 1, w)
                                            .orElseThrow()
                                            .visibility()
                                            .get(g)
                                            .consistent()
                                            .successes())
                                    .as("%s R=%d->%d W=%d", fanout, r, r + 1, w)
                                    .isGreaterThanOrEqualTo(here);
                        }
                        if (w < n) {
                            assertThat(result.configuration(r, w + 1)
                                            .orElseThrow()
                                            .visibility()
                                            .get(g)
                                            .consistent()
                                            .successes())
                                    .as("%s R=%d W=%d->%d", fanout, r, w, w + 1)
                                    .isGreaterThanOrEqualTo(here);
                        }
                    }
                }
            }
        }
    }

    @Test
    void window_isTheSmallestTimeReachingTheProbability() {
        SimulationResult result = ENGINE.run(SimulationSpec.builder(DISK, 3)
                .configuration(1, 1)
                .trials(100_000)
                .seed(8)
                .build());
        ConfigurationResult oneOne = result.configuration(1, 1).orElseThrow();
        for (double p : new double[] {0.5, 0.9, 0.99, 0.999}) {
            QuantileEstimate window = oneOne.window(p);
            assertThat(window.lowerMillis()).isLessThanOrEqualTo(window.valueMillis());
            assertThat(window.upperMillis()).isGreaterThanOrEqualTo(window.valueMillis());
            // The histogram resolves 0.1%: just above the window the probability is reached, just
            // below it is not.
            assertThat(oneOne.consistentAt(window.valueMillis() * 1.002).estimate())
                    .isGreaterThanOrEqualTo(p);
            assertThat(oneOne.consistentAt(window.valueMillis() * 0.998).estimate())
                    .isLessThan(p);
        }
    }

    @Test
    void staleness_kAndT_isTheComplementToThePowerK() {
        SimulationResult result = ENGINE.run(SimulationSpec.builder(DISK, 3)
                .configuration(1, 1)
                .trials(20_000)
                .build());
        ConfigurationResult oneOne = result.configuration(1, 1).orElseThrow();
        VisibilityPoint atCommit = oneOne.visibility().get(0);
        double stale = 1 - atCommit.consistent().estimate();
        assertThat(oneOne.probabilityOlderThanVersionsAt(3, atCommit)).isEqualTo(Math.pow(stale, 3));
        assertThat(oneOne.probabilityOlderThanVersions(1)).isEqualTo(2.0 / 3);
    }

    @Test
    void spec_badArguments_areRejectedWithMessagesNamingThem() {
        assertThatThrownBy(() -> SimulationSpec.builder(DISK, 3).trials(0).build())
                .hasMessageContaining("trials must be between 1");
        assertThatThrownBy(() -> SimulationSpec.builder(DISK, 3).threads(0).build())
                .hasMessageContaining("threads must be between 1");
        assertThatThrownBy(() ->
                        SimulationSpec.builder(DISK, 3).configuration(4, 1).build())
                .hasMessageContaining("R must be between 1 and N=3, was 4");
        assertThatThrownBy(() -> SimulationSpec.builder(DISK, 3)
                        .visibilityGridMillis(0, -1)
                        .build())
                .hasMessageContaining("finite and >= 0 ms, was -1");
        assertThatThrownBy(() -> SimulationSpec.builder(DISK, 3)
                        .visibilityGridMillis(Double.NaN)
                        .build())
                .hasMessageContaining("was NaN");
        assertThatThrownBy(() -> SimulationSpec.builder(DISK, 0).build()).hasMessageContaining("N must be between");
        assertThatThrownBy(() -> SimulationSpec.builder(DISK, 40).build()).hasMessageContaining("give R and W");
        assertThatThrownBy(() -> new WarsEngine()
                        .run(SimulationSpec.builder(DISK, 3).trials(10).build())
                        .configurations()
                        .get(0)
                        .window(1.5))
                .hasMessageContaining("quantile level must be in (0, 1]");
    }

    private static String fingerprint(SimulationResult result) {
        StringBuilder text = new StringBuilder();
        for (ConfigurationResult configuration : result.configurations()) {
            text.append(configuration.configuration());
            for (VisibilityPoint point : configuration.visibility()) {
                text.append(' ').append(point.consistent().successes());
            }
            for (double p : new double[] {0.9, 0.999}) {
                text.append(' ').append(configuration.window(p));
            }
            text.append(' ')
                    .append(configuration.readLatency(99))
                    .append(' ')
                    .append(configuration.writeLatency(99))
                    .append('\n');
        }
        return text.toString();
    }
}
