package dev.pbs.questions;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.distribution.Exponential;
import dev.pbs.model.distribution.LatencyDistribution;
import dev.pbs.model.faults.Faults;
import dev.pbs.model.faults.OutageProcess;
import dev.pbs.model.faults.PauseProcess;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.quorum.EchoedText;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A prediction question's fault options as given (null: not given), checked and resolved into the
 * {@link Faults} to simulate: the profile's own, replaced part by part by the question's.
 *
 * <ul>
 *   <li>Pauses: {@code pause_every_ms} from the start of one pause to the start of the next,
 *       {@code pause_for_ms} each pause's length, both together; {@code pause_timing} {@code
 *       regular} (the default: the running time between pauses is constant) or {@code random} (it
 *       is exponential with the same mean).</li>
 *   <li>Outages: {@code outage_every_ms}, the mean time a replica stays up between outages
 *       (exponential: failures come at random), and {@code outage_for_ms}, each outage's length,
 *       both together; {@code hint_window_ms} (default the profile's, else Cassandra's 3 h) and
 *       {@code hint_replay_ms}, the constant delay from the replica's return until a hinted write
 *       reaches it (default the profile's; required when the profile has no outages). Either of
 *       the last two alone changes the profile's outages.</li>
 *   <li>{@code faulty_replicas}: the replicas struck, numbered from 1 (default the profile's,
 *       else every replica); {@code healthy}: simulate without any fault, the profile's included.</li>
 * </ul>
 */
final class FaultOptions {

    /** Longest time a fault option may give, ms: ten years. */
    static final double MAX_MILLIS = 10 * 365.25 * 24 * 3600_000.0;

    private final Double pauseEveryMillis;
    private final Double pauseForMillis;
    private final String pauseTiming;
    private final Double outageEveryMillis;
    private final Double outageForMillis;
    private final Double hintWindowMillis;
    private final Double hintReplayMillis;
    private final List<Long> faultyReplicas;
    private final boolean healthy;
    private final Rules rules;

    FaultOptions(
            Double pauseEveryMillis,
            Double pauseForMillis,
            String pauseTiming,
            Double outageEveryMillis,
            Double outageForMillis,
            Double hintWindowMillis,
            Double hintReplayMillis,
            List<Long> faultyReplicas,
            boolean healthy,
            Rules rules) {
        this.pauseEveryMillis = pauseEveryMillis;
        this.pauseForMillis = pauseForMillis;
        this.pauseTiming = pauseTiming;
        this.outageEveryMillis = outageEveryMillis;
        this.outageForMillis = outageForMillis;
        this.hintWindowMillis = hintWindowMillis;
        this.hintReplayMillis = hintReplayMillis;
        this.faultyReplicas = faultyReplicas;
        this.healthy = healthy;
        this.rules = rules;
    }

    /** Whether the question gives any fault option. */
    boolean asked() {
        return healthy || firstGiven() != null;
    }

    /** The first fault option given other than {@code healthy}, or null. */
    Field firstGiven() {
        Object[] values = {
            pauseEveryMillis,
            pauseForMillis,
            pauseTiming,
            outageEveryMillis,
            outageForMillis,
            hintWindowMillis,
            hintReplayMillis,
            faultyReplicas
        };
        Field[] fields = {
            Field.PAUSE_EVERY,
            Field.PAUSE_FOR,
            Field.PAUSE_TIMING,
            Field.OUTAGE_EVERY,
            Field.OUTAGE_FOR,
            Field.HINT_WINDOW,
            Field.HINT_REPLAY,
            Field.FAULTY_REPLICAS
        };
        for (int k = 0; k < values.length; k++) {
            if (values[k] != null) {
                return fields[k];
            }
        }
        return null;
    }

    /**
     * {@code profile} with the faults to simulate, N = {@code n} replicas.
     *
     * @param coordinator how often the question puts the coordinator on a replica, and who said so
     * @param sessionsAsked whether the question asks for session guarantees
     * @throws InvalidQuestionException when the faults cannot be simulated with the question's
     *     other options, or naming the first problem with the fault options
     */
    LatencyProfile appliedTo(
            LatencyProfile profile, int n, CoordinatorReplicaChoice coordinator, boolean sessionsAsked) {
        Faults faults = resolve(profile, n);
        if (!faults.any()) {
            return faults.equals(profile.faults())
                    ? profile
                    : profile.toBuilder().faults(faults).build();
        }
        String simulated = "faulty replicas (" + faults.describe() + ") are simulated ";
        if (coordinator.any()) {
            throw coordinator.refuse(
                    rules,
                    "cannot be combined with faults: " + simulated + "with the coordinator apart from the replicas");
        }
        if (sessionsAsked) {
            throw rules.invalid(
                    Field.WRITE_RATE,
                    "asks for session guarantees, simulated for healthy replicas only, but " + simulated + "(give "
                            + rules.name(Field.HEALTHY) + " to leave them out)");
        }
        if (profile.topology().isPresent()) {
            throw new InvalidQuestionException(simulated + "in one datacenter, but the profile " + profile.name()
                    + " places its replicas in datacenters");
        }
        return profile.toBuilder().faults(faults).build();
    }

    /**
     * Refuses faults in a question about consistency levels across datacenters.
     *
     * @param recoveryAsked whether the question also asks for the recovery after an outage
     * @throws InvalidQuestionException naming the first fault option given
     */
    void refuseForLevels(boolean recoveryAsked) {
        if (asked() || recoveryAsked) {
            Field first = firstGiven();
            Field given = first != null ? first : asked() ? Field.HEALTHY : Field.RECOVERY_OUTAGE;
            throw rules.invalid(
                    given,
                    "is about faulty replicas, simulated for (R, W) questions only so far, not for consistency "
                            + "levels across datacenters");
        }
    }

    /**
     * The faults to simulate with {@code profile}'s replicas, N of them.
     *
     * @throws InvalidQuestionException naming the first problem found
     */
    Faults resolve(LatencyProfile profile, int n) {
        Faults own = profile.faults();
        if (healthy) {
            Field other = firstGiven();
            if (other != null) {
                throw rules.invalid(
                        Field.HEALTHY, "simulates no fault, so it cannot be combined with " + rules.name(other));
            }
            return Faults.NONE;
        }
        PauseProcess pauses = pauses(own.pauses());
        OutageProcess outages = outages(own.outages());
        if (pauses == null && outages == null) {
            if (faultyReplicas != null) {
                throw rules.invalid(
                        Field.FAULTY_REPLICAS,
                        "names the replicas struck by faults, but the question gives none and the profile "
                                + profile.name() + " has none: add " + rules.name(Field.PAUSE_EVERY) + " and "
                                + rules.name(Field.PAUSE_FOR) + ", or " + rules.name(Field.OUTAGE_EVERY) + " and "
                                + rules.name(Field.OUTAGE_FOR));
            }
            return Faults.NONE;
        }
        List<Integer> replicas = faultyReplicas == null ? own.replicas() : replicas(n);
        Faults faults = new Faults(pauses, outages, replicas);
        try {
            faults.struck(n);
        } catch (IllegalArgumentException beyond) {
            throw rules.invalid(
                    Field.FAULTY_REPLICAS,
                    "must name replicas from 1 to N = " + n + ", but the profile " + profile.name() + " has "
                            + beyond.getMessage());
        }
        return faults;
    }

    private PauseProcess pauses(PauseProcess own) {
        if (pauseEveryMillis == null && pauseForMillis == null) {
            if (pauseTiming != null) {
                throw rules.invalid(
                        Field.PAUSE_TIMING,
                        "shapes the pauses " + rules.name(Field.PAUSE_EVERY) + " and " + rules.name(Field.PAUSE_FOR)
                                + " give: add them");
            }
            return own;
        }
        if (pauseEveryMillis == null || pauseForMillis == null) {
            Field missing = pauseEveryMillis == null ? Field.PAUSE_EVERY : Field.PAUSE_FOR;
            Field given = pauseEveryMillis == null ? Field.PAUSE_FOR : Field.PAUSE_EVERY;
            throw rules.invalid(given, "needs " + rules.name(missing) + " too");
        }
        double every = positive(Field.PAUSE_EVERY, pauseEveryMillis);
        double length = positive(Field.PAUSE_FOR, pauseForMillis);
        if (!(every > length)) {
            throw rules.invalid(
                    Field.PAUSE_EVERY,
                    "is the time from the start of one pause to the start of the next, so it must be longer "
                            + "than " + rules.name(Field.PAUSE_FOR) + " (" + Rules.text(length) + " ms), was "
                            + Rules.text(every) + " ms");
        }
        double running = every - length;
        LatencyDistribution interval = timing().equals("regular") ? Constant.of(running) : Exponential.ofMean(running);
        return new PauseProcess(interval, Constant.of(length));
    }

    private String timing() {
        if (pauseTiming == null) {
            return "regular";
        }
        String timing = pauseTiming.trim().toLowerCase(Locale.ROOT);
        if (!timing.equals("regular") && !timing.equals("random")) {
            throw rules.invalid(
                    Field.PAUSE_TIMING, "must be regular or random, was '" + EchoedText.of(pauseTiming) + "'");
        }
        return timing;
    }

    private OutageProcess outages(OutageProcess own) {
        boolean newOutages = outageEveryMillis != null || outageForMillis != null;
        if (!newOutages) {
            if (own == null) {
                if (hintWindowMillis != null || hintReplayMillis != null) {
                    Field given = hintWindowMillis != null ? Field.HINT_WINDOW : Field.HINT_REPLAY;
                    throw rules.invalid(
                            given,
                            "is about hints of writes made during outages: add " + rules.name(Field.OUTAGE_EVERY)
                                    + " and " + rules.name(Field.OUTAGE_FOR));
                }
                return null;
            }
            return new OutageProcess(own.timeBetweenFailures(), own.duration(), hintWindow(own), hintReplay(own));
        }
        if (outageEveryMillis == null || outageForMillis == null) {
            Field missing = outageEveryMillis == null ? Field.OUTAGE_EVERY : Field.OUTAGE_FOR;
            Field given = outageEveryMillis == null ? Field.OUTAGE_FOR : Field.OUTAGE_EVERY;
            throw rules.invalid(given, "needs " + rules.name(missing) + " too");
        }
        double every = positive(Field.OUTAGE_EVERY, outageEveryMillis);
        double length = positive(Field.OUTAGE_FOR, outageForMillis);
        if (own == null && hintReplayMillis == null) {
            throw rules.invalid(
                    Field.OUTAGE_EVERY,
                    "needs " + rules.name(Field.HINT_REPLAY) + " too: the ms from a replica's return until a write "
                            + "hinted during its outage reaches it (measure it with the probe)");
        }
        return new OutageProcess(Exponential.ofMean(every), Constant.of(length), hintWindow(own), hintReplay(own));
    }

    private double hintWindow(OutageProcess own) {
        if (hintWindowMillis == null) {
            return own == null ? OutageProcess.DEFAULT_HINT_WINDOW_MILLIS : own.hintWindowMillis();
        }
        return atLeastZero(Field.HINT_WINDOW, hintWindowMillis);
    }

    private LatencyDistribution hintReplay(OutageProcess own) {
        if (hintReplayMillis == null) {
            return own.hintReplayDelay();
        }
        return Constant.of(atLeastZero(Field.HINT_REPLAY, hintReplayMillis));
    }

    private List<Integer> replicas(int n) {
        rules.sized(Field.FAULTY_REPLICAS, faultyReplicas, n);
        List<Integer> replicas = new ArrayList<>();
        for (Long replica : faultyReplicas) {
            if (replica == null || replica < 1 || replica > n) {
                throw rules.invalid(
                        Field.FAULTY_REPLICAS, "must name replicas from 1 to N = " + n + ", had " + replica);
            }
            int index = (int) (replica - 1);
            if (replicas.contains(index)) {
                throw rules.invalid(Field.FAULTY_REPLICAS, "names replica " + replica + " twice");
            }
            replicas.add(index);
        }
        replicas.sort(null);
        return replicas;
    }

    private double positive(Field field, double value) {
        if (!(value > 0) || value > MAX_MILLIS) {
            throw rules.invalid(field, "must be above 0 and at most ten years in ms, was " + Rules.text(value));
        }
        return value;
    }

    private double atLeastZero(Field field, double value) {
        if (!(value >= 0) || value > MAX_MILLIS) {
            throw rules.invalid(field, "must be between 0 and ten years in ms, was " + Rules.text(value));
        }
        return value;
    }
}
