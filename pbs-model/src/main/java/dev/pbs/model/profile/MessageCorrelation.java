package dev.pbs.model.profile;

/**
 * How the delays of one operation's messages move together: the WARS model draws every message's
 * delay independently ({@link #NONE}); on a real cluster the messages of one write (or one read)
 * share the coordinator, its moment and its machine, and are slow together.
 *
 * <p>The dependence is a one-factor Gaussian copula, which keeps every message's own distribution
 * exactly as the profile gives it. Each delay of an operation is drawn at the quantile {@code
 * Phi(loading x Z + sqrt(1 - loading^2) x E)}, with Z one standard normal draw shared by the
 * operation, E the message's own, and Phi the standard normal distribution function. The other
 * replicas' messages (W and A of a write, R and S of a read) load {@code sqrt(betweenReplicas)},
 * so the normal scores of two of them correlate {@code betweenReplicas}; the coordinator's own
 * replica loads {@code withOwnReplica / sqrt(betweenReplicas)}, so its normal scores correlate
 * {@code withOwnReplica} with each other replica's. A write and a read are separate operations and
 * independent of each other, as are the inter-datacenter delays.
 *
 * <p>Each value is a correlation of normal scores, in [0, 1): the Spearman rank correlation rho_s
 * measured on pairs of delays gives {@code 2 sin(pi rho_s / 6)}. Since the own replica's loading is
 * at most 1, {@code withOwnReplica} is at most {@code sqrt(betweenReplicas)}.
 *
 * @param writesBetweenReplicas between two replicas' W (and A) of one write, when the coordinator
 *     sends both
 * @param writesWithOwnReplica between the coordinator's own replica's W and another replica's
 * @param readsBetweenReplicas between two replicas' R (and S) of one read
 * @param readsWithOwnReplica between the coordinator's own replica's R and another replica's
 */
public record MessageCorrelation(
        double writesBetweenReplicas,
        double writesWithOwnReplica,
        double readsBetweenReplicas,
        double readsWithOwnReplica) {

    /** Independent messages: the WARS model as published. */
    public static final MessageCorrelation NONE = new MessageCorrelation(0, 0, 0, 0);

    /** The largest correlation accepted: above it the copula is degenerate. */
    public static final double HIGHEST = 0.99;

    public MessageCorrelation {
        requireCorrelation("writes between replicas", writesBetweenReplicas);
        requireCorrelation("writes with the own replica", writesWithOwnReplica);
        requireCorrelation("reads between replicas", readsBetweenReplicas);
        requireCorrelation("reads with the own replica", readsWithOwnReplica);
        requireOwnWithin("writes", writesWithOwnReplica, writesBetweenReplicas);
        requireOwnWithin("reads", readsWithOwnReplica, readsBetweenReplicas);
    }

    /** Whether every message is independent of every other (the published model). */
    public boolean isNone() {
        return writesBetweenReplicas == 0
                && writesWithOwnReplica == 0
                && readsBetweenReplicas == 0
                && readsWithOwnReplica == 0;
    }

    /** The shared factor's loading of another replica's write messages (W and A). */
    public double writeLoading() {
        return Math.sqrt(writesBetweenReplicas);
    }

    /** The shared factor's loading of the coordinator's own replica's write messages. */
    public double ownWriteLoading() {
        return ownLoading(writesWithOwnReplica, writesBetweenReplicas);
    }

    /** The shared factor's loading of another replica's read messages (R and S). */
    public double readLoading() {
        return Math.sqrt(readsBetweenReplicas);
    }

    /** The shared factor's loading of the coordinator's own replica's read messages. */
    public double ownReadLoading() {
        return ownLoading(readsWithOwnReplica, readsBetweenReplicas);
    }

    /**
     * The correlations measured as given, brought within what the model can hold: each at most
     * {@link #HIGHEST} and at least 0, the own replica's at most the square root of the other's.
     */
    public static MessageCorrelation within(
            double writesBetween, double writesOwn, double readsBetween, double readsOwn) {
        double writes = bounded(writesBetween);
        double reads = bounded(readsBetween);
        return new MessageCorrelation(
                writes,
                Math.min(bounded(writesOwn), Math.sqrt(writes)),
                reads,
                Math.min(bounded(readsOwn), Math.sqrt(reads)));
    }

    /** The correlation of normal scores from a Spearman rank correlation (Pearson's formula, 1907). */
    public static double fromSpearman(double spearman) {
        return 2 * Math.sin(Math.PI * spearman / 6);
    }

    private static double bounded(double correlation) {
        return Double.isFinite(correlation) ? Math.max(0, Math.min(HIGHEST, correlation)) : 0;
    }

    private static double ownLoading(double withOwn, double between) {
        return between == 0 ? 0 : Math.min(1, withOwn / Math.sqrt(between));
    }

    private static void requireCorrelation(String name, double value) {
        if (!(value >= 0 && value <= HIGHEST)) {
            throw new IllegalArgumentException(
                    "the correlation of " + name + " must be between 0 and " + HIGHEST + ", was " + value);
        }
    }

    private static void requireOwnWithin(String operation, double withOwn, double between) {
        if (withOwn > Math.sqrt(between) + 1e-12) {
            throw new IllegalArgumentException("the " + operation + "' correlation with the own replica (" + withOwn
                    + ") cannot exceed the square root of their correlation between replicas (" + between
                    + "): the shared factor would load the own replica more than fully");
        }
    }
}
