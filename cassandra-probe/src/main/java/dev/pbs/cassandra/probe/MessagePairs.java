package dev.pbs.cassandra.probe;

import dev.pbs.model.profile.MessageCorrelation;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.stat.correlation.SpearmansCorrelation;

/**
 * Pairs of delays of one traced operation, from which the profile's {@link MessageCorrelation} is
 * measured: in a traced write (at ALL), the first two other replicas' W + A, and the coordinator's
 * own replica's W with the first other replica's W + A; in a traced read at ALL, the same with R +
 * S. And, in any traced operation, the client's part of it (what the client waited for beyond the
 * coordinator's last trace event) with the coordinator's part (its last event's elapsed time), for
 * how the client's part and the coordinator's go together ({@link CoupledSum}). Each kind keeps its
 * latest {@link #MOST_PAIRS} pairs, and counts all it was given. Safe for the trace reader's
 * threads.
 */
public final class MessagePairs {

    /** The most pairs of a kind kept (the latest). */
    static final int MOST_PAIRS = 10_000;
    /** Fewer pairs of a kind than this, and that kind's correlation is taken as 0. */
    public static final int FEWEST_PAIRS = 30;

    private final Kind writesBetween = new Kind();
    private final Kind writesOwn = new Kind();
    private final Kind readsBetween = new Kind();
    private final Kind readsOwn = new Kind();
    private final Kind clientWithCoordinator = new Kind();

    /** Records the pairs one parsed trace holds. */
    public void record(TraceParser.Result parsed, Operation operation) {
        List<ReplicaDelays> samples = parsed.samples();
        boolean write = operation == Operation.WRITE;
        if (samples.size() >= 2) {
            (write ? writesBetween : readsBetween).add(total(samples.get(0)), total(samples.get(1)));
        }
        if (parsed.local() != null && !samples.isEmpty()) {
            (write ? writesOwn : readsOwn).add(total(parsed.local()), total(samples.get(0)));
        }
    }

    /**
     * Records a traced operation's client part with its coordinator's part, unless the coordinator's
     * part is unknown (no event of the coordinator) or not shorter than what the client waited.
     *
     * @param clientMicros what the client waited for the operation, from sending it to its answer
     * @param coordinatorMicros the elapsed time of the coordinator's last trace event
     */
    public void recordClient(long clientMicros, long coordinatorMicros) {
        if (coordinatorMicros > 0 && clientMicros > coordinatorMicros) {
            clientWithCoordinator.add(clientMicros - coordinatorMicros, coordinatorMicros);
        }
    }

    /** The pairs kept so far. */
    public Snapshot snapshot() {
        return new Snapshot(
                writesBetween.copy(),
                writesOwn.copy(),
                readsBetween.copy(),
                readsOwn.copy(),
                clientWithCoordinator.copy());
    }

    private static double total(ReplicaDelays delays) {
        return delays.outboundMicros() + delays.returnMicros();
    }

    /** One kind's latest pairs and how many it was ever given. */
    private static final class Kind {
        private final ArrayDeque<double[]> pairs = new ArrayDeque<>();
        private long given;

        synchronized void add(double first, double second) {
            if (pairs.size() == MOST_PAIRS) {
                pairs.removeFirst();
            }
            pairs.addLast(new double[] {first, second});
            given++;
        }

        synchronized Pairs copy() {
            return Pairs.of(List.copyOf(pairs), given);
        }
    }

    /**
     * One kind's pairs, oldest first, in microseconds, with their rank correlation (computed once,
     * since every profile the calibration builds from a snapshot asks for it).
     *
     * @param pairs the latest pairs kept, each {first, second}
     * @param given how many pairs were ever given, the ones no longer kept included
     * @param spearman the Spearman rank correlation of the pairs (ties given their mean rank); 0
     *     with fewer than {@link #FEWEST_PAIRS} pairs or no spread
     */
    public record Pairs(List<double[]> pairs, long given, double spearman) {

        static final Pairs NONE = new Pairs(List.of(), 0, 0);

        static Pairs of(List<double[]> pairs, long given) {
            return new Pairs(pairs, given, spearman(pairs));
        }

        /** The pairs given after {@code earlier} (of the same run), as far as they are kept. */
        Pairs since(Pairs earlier) {
            long newer = Math.max(0, given - earlier.given());
            int kept = (int) Math.min(newer, pairs.size());
            return of(List.copyOf(pairs.subList(pairs.size() - kept, pairs.size())), newer);
        }

        private static double spearman(List<double[]> pairs) {
            int count = pairs.size();
            if (count < FEWEST_PAIRS) {
                return 0;
            }
            double[] first = new double[count];
            double[] second = new double[count];
            for (int i = 0; i < count; i++) {
                first[i] = pairs.get(i)[0];
                second[i] = pairs.get(i)[1];
            }
            // Commons Math ranks ties by their mean rank and gives NaN where a side has no spread.
            double correlation = new SpearmansCorrelation().correlation(first, second);
            return Double.isNaN(correlation) ? 0 : correlation;
        }
    }

    /**
     * The four kinds' pairs at one moment.
     *
     * @param writesBetweenReplicas two other replicas' W + A in one traced write
     * @param writesWithOwnReplica the own replica's W and another replica's W + A
     * @param readsBetweenReplicas two other replicas' R + S in one traced read
     * @param readsWithOwnReplica the own replica's R + S and another replica's
     * @param clientWithCoordinator a traced operation's client part and its coordinator's part
     */
    public record Snapshot(
            Pairs writesBetweenReplicas,
            Pairs writesWithOwnReplica,
            Pairs readsBetweenReplicas,
            Pairs readsWithOwnReplica,
            Pairs clientWithCoordinator) {

        /** No pairs: independent messages, and the client's part independent of the coordinator's. */
        public static final Snapshot NONE = new Snapshot(Pairs.NONE, Pairs.NONE, Pairs.NONE, Pairs.NONE, Pairs.NONE);

        /** The pairs given after {@code earlier}, of the same run. */
        public Snapshot since(Snapshot earlier) {
            return new Snapshot(
                    writesBetweenReplicas.since(earlier.writesBetweenReplicas()),
                    writesWithOwnReplica.since(earlier.writesWithOwnReplica()),
                    readsBetweenReplicas.since(earlier.readsBetweenReplicas()),
                    readsWithOwnReplica.since(earlier.readsWithOwnReplica()),
                    clientWithCoordinator.since(earlier.clientWithCoordinator()));
        }

        /**
         * How the client's part of an operation goes with the coordinator's: the normal scores'
         * correlation {@code 2 sin(pi rho_s / 6)} of the pairs' Spearman rho_s, within [0, 1] (0 with
         * fewer than {@link #FEWEST_PAIRS} pairs).
         */
        public double clientCoupling() {
            return Math.max(0, Math.min(1, MessageCorrelation.fromSpearman(clientWithCoordinator.spearman())));
        }

        /**
         * The correlation the pairs measure: each kind's Spearman rho_s as the normal scores'
         * correlation {@code 2 sin(pi rho_s / 6)}, brought within what the model holds ({@link
         * MessageCorrelation#within}); a kind with too few pairs counts as independent.
         */
        public MessageCorrelation correlation() {
            return MessageCorrelation.within(
                    MessageCorrelation.fromSpearman(writesBetweenReplicas.spearman()),
                    MessageCorrelation.fromSpearman(writesWithOwnReplica.spearman()),
                    MessageCorrelation.fromSpearman(readsBetweenReplicas.spearman()),
                    MessageCorrelation.fromSpearman(readsWithOwnReplica.spearman()));
        }

        /** For the profile's provenance: each kind's pairs and rank correlation, and the model's correlations. */
        public String explanation() {
            MessageCorrelation correlation = correlation();
            return String.format(
                    Locale.ROOT,
                    " One operation's messages move together (message_correlation, measured on pairs of delays in "
                            + "the same traced operation; Spearman's rank correlation, then the normal scores' "
                            + "correlation the model uses): two other replicas' W + A %s, the own replica's W with "
                            + "another's %s, two other replicas' R + S %s, the own replica's with another's %s; at "
                            + "least %d pairs of a kind are needed, else its messages count as independent. The "
                            + "client's part of a traced operation with its coordinator's part: %s.",
                    describe(writesBetweenReplicas, correlation.writesBetweenReplicas()),
                    describe(writesWithOwnReplica, correlation.writesWithOwnReplica()),
                    describe(readsBetweenReplicas, correlation.readsBetweenReplicas()),
                    describe(readsWithOwnReplica, correlation.readsWithOwnReplica()),
                    FEWEST_PAIRS,
                    describe(clientWithCoordinator, clientCoupling()));
        }

        private static String describe(Pairs pairs, double used) {
            return String.format(
                    Locale.ROOT,
                    "%.3f from %d pairs (used %.3f)",
                    pairs.spearman(),
                    pairs.pairs().size(),
                    used);
        }
    }
}
