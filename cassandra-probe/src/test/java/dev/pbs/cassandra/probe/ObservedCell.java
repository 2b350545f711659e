package dev.pbs.cassandra.probe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.cassandra.observe.CellRule;
import dev.pbs.cassandra.observe.CoordinatorChoice;
import dev.pbs.cassandra.observe.ObservationSettings;
import dev.pbs.cassandra.observe.ObservedPoint;
import dev.pbs.cassandra.observe.ObservedStaleness;
import dev.pbs.cassandra.testing.ObservationPrinter;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * One cell of the probe's accuracy, observed as {@code ./pbs probe --duration 60s --observe}
 * observes it: the probe measures the cluster while the observation writes and reads, the profile
 * follows from the measurement by the one calibration, with the table's read path, and the
 * prediction is compared with the observation window by window.
 *
 * @param name the cell's name, e.g. {@code V1}
 * @param replicas the keyspace's replication factor
 * @param writeReplicas the observed writes' acknowledgements, W
 * @param readReplicas the observed reads' answers, R
 * @param coordinators which node coordinates each observed write and read
 */
record ObservedCell(String name, int replicas, int writeReplicas, int readReplicas, CoordinatorChoice coordinators) {

    /** The command line's defaults: 50 operations a second, a fifth of them traced. */
    static final double PROBE_RATE = 50;

    static final double TRACE_FRACTION = 0.2;
    static final double WRITES_PER_SECOND = 20;

    /** Probes the cluster behind {@code contactPoint} and observes {@code writes} writes. */
    ObservedStaleness observe(String contactPoint, int writes, Duration probeDuration) {
        ProbeSettings settings = LocalProbeSettings.of(
                contactPoint, "pbs_cell_rf" + replicas, replicas, PROBE_RATE, probeDuration, TRACE_FRACTION);
        ObservationSettings observation = new ObservationSettings(
                writeReplicas, readReplicas, writes, WRITES_PER_SECOND, ObservationSettings.DEFAULT_DELAYS_MILLIS);
        return ProbeWithObservation.run(settings, observation, coordinators, name)
                .observed();
    }

    /**
     * Observes this cell on {@code cluster}, prints it, adds its row to {@code rows}, and asserts
     * that every write was observed and that the cell passes ({@link #judge}).
     */
    ObservedStaleness assertPasses(CellCluster cluster, int writes, Duration probeDuration, List<String> rows) {
        ObservedStaleness observed = observe(cluster.contactPoint(), writes, probeDuration);
        print(name, observed);
        Verdict verdict = judge(observed);
        String row = verdict.row(this, observed);
        rows.add(row);
        System.out.println(row);
        assertThat(observed.writes()).isGreaterThanOrEqualTo(writes - 10);
        assertThat(verdict.passes()).as("%s: %s", name, verdict).isTrue();
        return observed;
    }

    /** The cells' rule (docs/fidelity.md; {@link CellRule}). */
    static Verdict judge(ObservedStaleness observed) {
        CellRule.Verdict verdict = CellRule.of(observed);
        return new Verdict(
                verdict.rmse(),
                verdict.stalenessGoal(),
                verdict.pointsOutside(),
                verdict.latencyNrmse(),
                verdict.latencyGoal(),
                verdict.passes());
    }

    /** A cell's figures against the rule, and whether it passes. */
    record Verdict(
            double rmse,
            double stalenessGoal,
            int pointsOutside,
            double latencyNrmse,
            double latencyGoal,
            boolean passes) {

        /** One row of the Markdown table the long test prints. */
        String row(ObservedCell cell, ObservedStaleness observed) {
            ObservedPoint first = observed.points().get(0);
            return String.format(
                    Locale.ROOT,
                    "| %s | %d | %d | %d | %.2f | %.4f [%.4f, %.4f] | %.4f | %.2f%% (%.2f%%) | %.2f%% | %d | %.1f%% (%.1f%%) | %s |",
                    cell.name(),
                    cell.replicas(),
                    cell.writeReplicas(),
                    cell.readReplicas(),
                    observed.coordinatorReplicaShare().writes(),
                    first.observed().estimate(),
                    first.observed().lower(),
                    first.observed().upper(),
                    first.predicted(),
                    100 * rmse,
                    100 * observed.noiseFloor(),
                    100 * stalenessGoal,
                    pointsOutside,
                    100 * latencyNrmse,
                    100 * observed.latencyNoiseFloor(),
                    passes ? "pass" : "miss");
        }
    }

    /** The header of the table of {@link Verdict#row}. */
    static final String TABLE_HEADER = "| cell | RF | W | R | coordinator a replica (writes) | P(consistent) at t = 0 "
            + "observed [95%] | predicted | RMSE (noise floor) | goal | t outside | latency N-RMSE (noise floor) | |\n"
            + "|---|---|---|---|---|---|---|---|---|---|---|---|";

    static void print(String name, ObservedStaleness observed) {
        System.out.printf(
                Locale.ROOT,
                "cell %s: N = %d, %d writes: RMSE %.4f, noise floor %.4f, latency N-RMSE %.4f (noise floor %.4f)%n",
                name,
                observed.n(),
                observed.writes(),
                observed.rmse(),
                observed.noiseFloor(),
                observed.latencyNrmse(),
                observed.latencyNoiseFloor());
        ObservationPrinter.printPoints(observed);
        ObservationPrinter.printLatencies(observed);
    }
}
