package dev.pbs.model.faults;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * What goes wrong with a cluster's replicas: stop-the-world pauses, outages with hinted handoff,
 * either or both, striking every replica or only the ones listed. Each struck replica runs its own
 * processes, independently of the others. {@link #NONE} is the healthy cluster of the paper.
 *
 * @param pauses the pauses, or null for none
 * @param outages the outages, or null for none
 * @param replicas the replicas struck, 0-based, ascending and distinct; empty: every replica
 */
public record Faults(PauseProcess pauses, OutageProcess outages, List<Integer> replicas) {

    /** Healthy replicas: no pauses, no outages. */
    public static final Faults NONE = new Faults(null, null, List.of());

    public Faults {
        replicas = replicas == null ? List.of() : List.copyOf(replicas);
        for (int k = 0; k < replicas.size(); k++) {
            int replica = replicas.get(k);
            if (replica < 0) {
                throw new IllegalArgumentException("replica numbers start at 1, was " + (replica + 1));
            }
            if (k > 0 && replica <= replicas.get(k - 1)) {
                throw new IllegalArgumentException(
                        "the replicas struck by faults must be listed once each, in " + "ascending order, was "
                                + replicas.stream().map(r -> r + 1).toList());
            }
        }
    }

    /** Whether anything goes wrong at all. */
    public boolean any() {
        return pauses != null || outages != null;
    }

    public Optional<PauseProcess> pauseProcess() {
        return Optional.ofNullable(pauses);
    }

    public Optional<OutageProcess> outageProcess() {
        return Optional.ofNullable(outages);
    }

    /** Whether replica {@code replica} (0-based) is struck. */
    public boolean strikes(int replica) {
        return any() && (replicas.isEmpty() || replicas.contains(replica));
    }

    /**
     * Per replica 0..n-1, whether it is struck.
     *
     * @throws IllegalArgumentException when a listed replica is not among the n
     */
    public boolean[] struck(int n) {
        if (!replicas.isEmpty() && replicas.get(replicas.size() - 1) >= n) {
            throw new IllegalArgumentException(
                    "faults strike replica " + (replicas.get(replicas.size() - 1) + 1) + ", but N is " + n);
        }
        boolean[] struck = new boolean[n];
        for (int i = 0; i < n; i++) {
            struck[i] = strikes(i);
        }
        return struck;
    }

    /** The same processes striking other replicas (0-based; empty: all). */
    public Faults onReplicas(List<Integer> others) {
        return new Faults(pauses, outages, others);
    }

    /** One line for people; {@code "healthy replicas"} for {@link #NONE}. */
    public String describe() {
        if (!any()) {
            return "healthy replicas";
        }
        String what = String.join(
                "; ",
                Arrays.asList(pauses == null ? null : pauses.describe(), outages == null ? null : outages.describe())
                        .stream()
                        .filter(text -> text != null)
                        .toList());
        return what
                + (replicas.isEmpty()
                        ? " (every replica)"
                        : " (replicas "
                                + String.join(
                                        ", ",
                                        replicas.stream()
                                                .map(r -> String.valueOf(r + 1))
                                                .toList()) + ")");
    }
}
