package dev.pbs.cassandra.legs;

import dev.pbs.cassandra.probe.Operation;
import dev.pbs.cassandra.probe.ProbeEvent;
import dev.pbs.cassandra.probe.ProbeSettings;
import dev.pbs.cassandra.probe.ReplicaDelays;
import dev.pbs.cassandra.probe.TraceParser;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.commons.math3.stat.correlation.SpearmansCorrelation;

/**
 * How a replica's delay in a paired write (W: from the coordinator's start to the replica applying
 * it) ranks against its delay in the read that followed (R: to the replica running the query), by
 * tau: over the same replica, and over two different replicas of the pair, the coordinator's own
 * replica left out (it is reached without messages). Each leg's trace is parsed as the probe parses
 * it ({@link TraceParser}). A dependence of one replica shows in the same replica's correlation; one
 * of the whole machine in both.
 */
public final class LegCorrelation {

    private LegCorrelation() {}

    /**
     * One tau's correlations.
     *
     * @param tauMillis how long after the write's acknowledgement the read was sent
     * @param pairs pairs whose both legs' traces gave delays
     * @param sameReplica Spearman's rank correlation of (W, R) of one replica, over every replica of
     *     every pair
     * @param sameReplicaPoints the (W, R) points it rests on
     * @param differentReplicas the same of (W of one replica, R of another)
     * @param differentReplicaPoints the points it rests on
     */
    public record ByTau(
            int tauMillis,
            int pairs,
            double sameReplica,
            int sameReplicaPoints,
            double differentReplicas,
            int differentReplicaPoints) {

        /** The standard error of a rank correlation near 0 over {@code points}: 1 / sqrt(points - 1). */
        public static double standardError(int points) {
            return 1 / Math.sqrt(Math.max(1, points - 1));
        }
    }

    /**
     * The correlations by tau, in increasing tau, from the traced operations of a run; operations
     * whose key names no pair ({@link PairedLegs#pairOf}) are left out, as are pairs missing a leg.
     */
    public static List<ByTau> of(List<ProbeEvent.TracedOperation> traced) {
        Map<String, ProbeEvent.TracedOperation> writes = new HashMap<>();
        Map<String, ProbeEvent.TracedOperation> reads = new HashMap<>();
        for (ProbeEvent.TracedOperation operation : traced) {
            if (PairedLegs.pairOf(operation.key()).isPresent()) {
                (operation.operation() == Operation.WRITE ? writes : reads).putIfAbsent(operation.key(), operation);
            }
        }
        Map<Integer, List<double[]>> same = new TreeMap<>();
        Map<Integer, List<double[]>> different = new TreeMap<>();
        Map<Integer, Integer> pairs = new TreeMap<>();
        for (Map.Entry<String, ProbeEvent.TracedOperation> write : writes.entrySet()) {
            ProbeEvent.TracedOperation read = reads.get(write.getKey());
            if (read == null) {
                continue;
            }
            int tau = PairedLegs.pairOf(write.getKey()).orElseThrow().tauMillis();
            Map<String, Long> writeDelays = outbound(write.getValue());
            Map<String, Long> readDelays = outbound(read);
            if (writeDelays.isEmpty() || readDelays.isEmpty()) {
                continue;
            }
            pairs.merge(tau, 1, Integer::sum);
            for (Map.Entry<String, Long> written : writeDelays.entrySet()) {
                for (Map.Entry<String, Long> readThere : readDelays.entrySet()) {
                    double[] point = {written.getValue(), readThere.getValue()};
                    (written.getKey().equals(readThere.getKey()) ? same : different)
                            .computeIfAbsent(tau, ignored -> new ArrayList<>())
                            .add(point);
                }
            }
        }
        List<ByTau> result = new ArrayList<>();
        for (Map.Entry<Integer, Integer> tau : pairs.entrySet()) {
            List<double[]> sameReplica = same.getOrDefault(tau.getKey(), List.of());
            List<double[]> differentReplicas = different.getOrDefault(tau.getKey(), List.of());
            result.add(new ByTau(
                    tau.getKey(),
                    tau.getValue(),
                    spearman(sameReplica),
                    sameReplica.size(),
                    spearman(differentReplicas),
                    differentReplicas.size()));
        }
        return result;
    }

    /** Each other replica's outbound delay in one leg, microseconds. */
    private static Map<String, Long> outbound(ProbeEvent.TracedOperation operation) {
        TraceParser.Result parsed = TraceParser.parse(
                operation.operation(), operation.coordinator(), ProbeSettings.TABLE, operation.events());
        Map<String, Long> delays = new TreeMap<>();
        for (ReplicaDelays sample : parsed.samples()) {
            delays.put(sample.replica(), sample.outboundMicros());
        }
        return delays;
    }

    /** Spearman's rank correlation (ties at their mean rank); NaN with fewer than three points or no spread. */
    private static double spearman(List<double[]> points) {
        if (points.size() < 3) {
            return Double.NaN;
        }
        double[] first = new double[points.size()];
        double[] second = new double[points.size()];
        for (int i = 0; i < points.size(); i++) {
            first[i] = points.get(i)[0];
            second[i] = points.get(i)[1];
        }
        return new SpearmansCorrelation().correlation(first, second);
    }
}
