package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.cassandra.observe.CellRule;
import dev.pbs.cassandra.observe.ObservationWhileProbing;
import dev.pbs.cassandra.observe.ObservedPoint;
import dev.pbs.cassandra.observe.ObservedStaleness;
import dev.pbs.cassandra.observe.StalenessObserver;
import dev.pbs.model.distribution.Empirical;
import dev.pbs.model.distribution.LatencyDistribution;
import dev.pbs.model.distribution.LatencySampler;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Experiment E1 of docs/fidelity.md, the injected cell's oracle, from the corpus alone: C5's
 * observation predicted from the delays the cell injected (W ~ Exp(10 ms), A, R, S ~ Exp(5 ms)) plus,
 * for each message, a delay of the natural cell C1's calibrated profile (the cluster's own, nothing
 * injected; its replicas pooled), with C5's client round trip, send lag and coupling, beside the
 * prediction from the probe's own calibrated profile of C5. Prints both against the cells' rule and
 * the rule's decision; writes {@code target/injected-oracle.md}. On demand: {@code mvn verify
 * -Pexperiment -Dit.groups=corpus-experiment -pl cli -am}.
 */
@Tag("corpus-experiment")
class InjectedOracleExperimentIT {

    private static final double WRITE_MEAN_MILLIS = 10;
    private static final double OTHER_MEAN_MILLIS = 5;
    /** Draws of each oracle delay: its quantiles then move by well under 1% from seed to seed. */
    private static final int DRAWS = 400_000;

    private static final long SEED = 54;

    @Test
    void injectedCell_oracleBesideTheProbesProfile() throws IOException {
        RecordReplay injected = RecordReplay.of(CorpusReplayTest.CORPUS.resolve("C5.jsonl.gz"), "measured");
        RecordReplay natural = RecordReplay.of(CorpusReplayTest.CORPUS.resolve("C1.jsonl.gz"), "measured");
        ObservationWhileProbing.Result observed =
                injected.replayed().observation().orElseThrow();
        double coupling = observed.measurement().pairs().clientCoupling();
        int n = injected.replayed().cluster().replicationFactor();
        LatencyProfile oracle = oracle(natural.profile());
        ObservedStaleness fromOracle = StalenessObserver.compare(observed.observation(), oracle, n, coupling);
        ObservedStaleness fromProfile = injected.fidelity().orElseThrow().comparison();

        List<String> lines = new ArrayList<>();
        lines.add("| t ms | reads | observed | oracle | probe's profile |");
        lines.add("|---|---|---|---|---|");
        for (int j = 0; j < fromOracle.points().size(); j++) {
            ObservedPoint point = fromOracle.points().get(j);
            lines.add(String.format(
                    Locale.ROOT,
                    "| %.0f | %d | %.4f | %.4f | %.4f |",
                    point.tMillis(),
                    point.observed().trials(),
                    point.observed().estimate(),
                    point.predicted(),
                    fromProfile.points().get(j).predicted()));
        }
        CellRule.Verdict oracleVerdict = CellRule.of(fromOracle);
        CellRule.Verdict profileVerdict = CellRule.of(fromProfile);
        lines.add("");
        lines.add(row("oracle", oracleVerdict, fromOracle));
        lines.add(row("probe's profile", profileVerdict, fromProfile));
        lines.add("decision: " + decision(oracleVerdict.passes(), profileVerdict.passes()));
        String report = String.join("\n", lines) + "\n";
        System.out.println(report);
        Files.writeString(Path.of("target", "injected-oracle.md"), report);
        assertThat(fromOracle.points()).hasSameSizeAs(fromProfile.points());
    }

    /** E1's rule. */
    static String decision(boolean oracleMeets, boolean profileMeets) {
        if (oracleMeets && !profileMeets) {
            return "the oracle meets the rule and the profile does not: the measurement is at fault (a)";
        }
        if (!oracleMeets && !profileMeets) {
            return "neither meets the rule: the model or the time origin is at fault (b or c)";
        }
        if (oracleMeets) {
            return "both meet the rule: C5 cannot tell";
        }
        return "the profile meets the rule and the oracle does not: the injection is not what the oracle assumes";
    }

    private static String row(String name, CellRule.Verdict verdict, ObservedStaleness comparison) {
        return String.format(
                Locale.ROOT,
                "%s: RMSE %.2f%% (goal %.2f%%, noise floor %.2f%%), %d t outside the 99%% interval, latency N-RMSE"
                        + " %.1f%% (goal %.1f%%): %s",
                name,
                100 * verdict.rmse(),
                100 * verdict.stalenessGoal(),
                100 * comparison.noiseFloor(),
                verdict.pointsOutside(),
                100 * verdict.latencyNrmse(),
                100 * verdict.latencyGoal(),
                verdict.passes() ? "meets the rule" : "misses");
    }

    /**
     * Each message: an exponential of the injected mean plus a delay of the natural profile's replicas,
     * pooled, as an empirical distribution of {@link #DRAWS} sums; no read path, no correlation.
     */
    static LatencyProfile oracle(LatencyProfile natural) {
        int replicas = natural.fixedReplicaCount().orElse(1);
        SplittableRandom random = new SplittableRandom(SEED);
        MessageDelays pooled = new MessageDelays(
                sum(natural, replicas, MessageDelays::write, WRITE_MEAN_MILLIS, random),
                sum(natural, replicas, MessageDelays::acknowledgement, OTHER_MEAN_MILLIS, random),
                sum(natural, replicas, MessageDelays::read, OTHER_MEAN_MILLIS, random),
                sum(natural, replicas, MessageDelays::response, OTHER_MEAN_MILLIS, random));
        return LatencyProfile.builder("injected-oracle")
                .description("the injected exponentials plus the natural cell C1's delays")
                .provenance("experiment E1, docs/fidelity.md")
                .defaults(pooled)
                .build();
    }

    private static LatencyDistribution sum(
            LatencyProfile natural,
            int replicas,
            Function<MessageDelays, LatencyDistribution> message,
            double meanMillis,
            SplittableRandom random) {
        List<LatencySampler> samplers = new ArrayList<>();
        for (int replica = 0; replica < replicas; replica++) {
            samplers.add(message.apply(natural.delaysOf(replica)).sampler(random.split()));
        }
        Histogram micros = new Histogram(3_600_000_000L, 3);
        for (int draw = 0; draw < DRAWS; draw++) {
            double injected = -meanMillis * Math.log(1 - random.nextDouble());
            double own = samplers.get(random.nextInt(samplers.size())).sample();
            micros.recordValue(Math.max(0, Math.round((injected + own) * 1000)));
        }
        return Empirical.of(micros, TimeUnit.MICROSECONDS);
    }
}
