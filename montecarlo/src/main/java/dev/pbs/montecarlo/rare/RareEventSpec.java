package dev.pbs.montecarlo.rare;

import dev.pbs.model.profile.DatacenterTopology;
import dev.pbs.model.quorum.QuorumConfiguration;
import dev.pbs.montecarlo.QuorumExpansion;
import dev.pbs.montecarlo.SimulationSpec;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the rare-event estimator ({@link RareEventEstimator}) runs: the question of a plain
 * simulation (its profile, N, read fan-out, seed and threads; its trials are not used) and the
 * figures to resolve. Immutable; validated on construction, one message per rule.
 *
 * @param simulation the plain simulation whose rare figures these are; {@link #unsupported} must be
 *     empty for it
 * @param targets the figures to resolve, each of a partial configuration of the simulation; only
 *     their configurations are simulated
 * @param relativeHalfWidth the precision each target needs: its 95% interval's half-width over its
 *     estimate, in (0, 1); 0.1 is the issue's
 * @param maxTrials the trial budget, {@code >= 1}
 * @param timeLimit stop after this long even when the targets are not resolved; {@link
 *     Duration#ZERO} for none. The only stop that depends on the machine, so a run it stops is not
 *     reproducible
 * @param tiltedShare a, the share of each write delay's draws from the log-uniform part, in (0, 1)
 * @param smallestSurvival v_min, the smallest survival probability the log-uniform part reaches, in
 *     (0, 2^-10]
 */
public record RareEventSpec(
        SimulationSpec simulation,
        List<RareEventTarget> targets,
        double relativeHalfWidth,
        long maxTrials,
        Duration timeLimit,
        double tiltedShare,
        double smallestSurvival) {

    /** The precision the issue asks for: a 95% interval within 10% of the estimate. */
    public static final double DEFAULT_RELATIVE_HALF_WIDTH = 0.1;
    /** The default trial budget: at about 10 million trials a second on two cores, about 10 s. */
    public static final long DEFAULT_MAX_TRIALS = 100_000_000L;
    /** a = 1/2: half the draws from the log-uniform part; weights are at most 2 per tilted delay. */
    public static final double DEFAULT_TILTED_SHARE = 0.5;
    /** The log-uniform part reaches down to 2^-60 (about 8.7e-19) unless a smaller level asks for less. */
    public static final double DEFAULT_SMALLEST_SURVIVAL = 0x1p-60;
    /** The most trials one run may have. */
    public static final long MAX_TRIALS = 1L << 40;

    public RareEventSpec {
        Objects.requireNonNull(simulation, "simulation");
        Objects.requireNonNull(timeLimit, "time limit");
        unsupported(simulation).ifPresent(reason -> {
            throw new IllegalArgumentException(reason);
        });
        targets = List.copyOf(targets);
        if (targets.isEmpty()) {
            throw new IllegalArgumentException("the rare-event estimator needs at least one figure to resolve");
        }
        for (RareEventTarget target : targets) {
            QuorumConfiguration configuration = target.configuration();
            if (!simulation.configurations().contains(configuration)) {
                throw new IllegalArgumentException(
                        "configuration " + configuration + " is not one of the simulation's configurations");
            }
            if (configuration.isStrict()) {
                throw new IllegalArgumentException("configuration " + configuration + " is a strict quorum "
                        + "(R + W > N): every read after commit is consistent, there is nothing rare to estimate");
            }
        }
        if (!(relativeHalfWidth > 0 && relativeHalfWidth < 1)) {
            throw new IllegalArgumentException("the relative half-width must be in (0, 1), was " + relativeHalfWidth);
        }
        if (maxTrials < 1 || maxTrials > MAX_TRIALS) {
            throw new IllegalArgumentException(
                    "the trial budget must be between 1 and " + MAX_TRIALS + ", was " + maxTrials);
        }
        if (timeLimit.isNegative()) {
            throw new IllegalArgumentException("the time limit must be >= 0, was " + timeLimit);
        }
        if (!(tiltedShare > 0 && tiltedShare < 1)) {
            throw new IllegalArgumentException("the tilted share a must be in (0, 1), was " + tiltedShare);
        }
        if (!(smallestSurvival > 0 && smallestSurvival <= 0x1p-10)) {
            throw new IllegalArgumentException(
                    "the smallest survival probability v_min must be in (0, 2^-10], was " + smallestSurvival);
        }
    }

    /**
     * The defaults: 10% relative half-width, 100 million trials at most, no time limit, a = 1/2,
     * and {@link #smallestSurvivalFor} the targets.
     */
    public static RareEventSpec of(SimulationSpec simulation, List<RareEventTarget> targets) {
        return new RareEventSpec(
                simulation,
                targets,
                DEFAULT_RELATIVE_HALF_WIDTH,
                DEFAULT_MAX_TRIALS,
                Duration.ZERO,
                DEFAULT_TILTED_SHARE,
                smallestSurvivalFor(targets));
    }

    /** The same question with another trial budget and time limit. */
    public RareEventSpec withBudget(long trials, Duration limit) {
        return new RareEventSpec(simulation, targets, relativeHalfWidth, trials, limit, tiltedShare, smallestSurvival);
    }

    /** The same question with another precision. */
    public RareEventSpec withRelativeHalfWidth(double precision) {
        return new RareEventSpec(simulation, targets, precision, maxTrials, timeLimit, tiltedShare, smallestSurvival);
    }

    /**
     * v_min for a set of targets: 2^-60, or 2^-10 times the smallest {@code 1 - p} of a window when
     * that is smaller, so that the log-uniform part reaches well past every level asked (a single
     * write delay's tail can make a read stale, so P(stale) falls no faster than one survival
     * probability).
     */
    public static double smallestSurvivalFor(List<RareEventTarget> targets) {
        double smallest = DEFAULT_SMALLEST_SURVIVAL;
        for (RareEventTarget target : targets) {
            if (target instanceof RareEventTarget.Window window) {
                smallest = Math.min(smallest, (1 - window.level()) * 0x1p-10);
            }
        }
        return Math.max(smallest, Double.MIN_NORMAL);
    }

    /**
     * Why the estimator does not cover a simulation, or empty when it does. It covers healthy
     * replicas in one datacenter, expanding quorums, reads sent to all replicas or to R random ones,
     * no speculative retry, and the coordinator apart from the replicas. Read repair is covered: it
     * changes no read's consistency, so the thresholds are those without it.
     */
    public static Optional<String> unsupported(SimulationSpec simulation) {
        String option = null;
        if (simulation.profile().faults().any()) {
            option = "faulty replicas";
        } else if (simulation.expansion() != QuorumExpansion.EXPANDING) {
            option = "non-expanding quorums";
        } else if (simulation.coordinatorReplica()) {
            option = "a coordinator on one of the replicas";
        } else if (simulation.speculativeRetry().speculates()) {
            option = "speculative retry";
        } else if (simulation.replicaChoice().snitch()) {
            option = "the dynamic snitch's choice of replicas";
        } else if (crossesDatacenters(simulation)) {
            option = "replicas in several datacenters";
        }
        return Optional.ofNullable(option)
                .map(name -> "the rare-event method (importance sampling) covers healthy replicas in one datacenter, "
                        + "expanding quorums, reads sent to all replicas or to R random ones, no speculative retry "
                        + "and the coordinator apart from the replicas; it does not cover " + name);
    }

    private static boolean crossesDatacenters(SimulationSpec simulation) {
        DatacenterTopology topology = simulation.profile().topology().orElse(null);
        if (topology == null) {
            return false;
        }
        int[] datacenters = Arrays.stream(topology.replicaDatacenters(simulation.n()))
                .distinct()
                .toArray();
        return datacenters.length != 1
                || (!topology.coordinatorPlacement().isRandom()
                        && topology.coordinatorPlacement().fixedDatacenter() != datacenters[0]);
    }

    @Override
    public String toString() {
        return "RareEventSpec(" + simulation + ", " + targets.size() + " targets, " + maxTrials + " trials at most)";
    }
}
