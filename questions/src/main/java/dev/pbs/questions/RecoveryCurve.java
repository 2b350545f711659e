package dev.pbs.questions;

import dev.pbs.model.faults.Faults;
import dev.pbs.model.faults.HintedRecovery;
import dev.pbs.model.faults.OutageProcess;
import java.util.List;
import java.util.Objects;

/**
 * The recovery of a replica back from one outage, as a question asks for it: P(the replica has a
 * write made during the outage) when it serves a read a given time after its return, which is
 * P(consistent) for a ONE read it serves ({@link HintedRecovery}).
 *
 * @param outages the hint window and the hint replay delay
 * @param outageMillis how long the replica was down, ms; finite and above 0
 * @param sinceReturnMillis times after its return, ms, each finite and >= 0
 */
public record RecoveryCurve(OutageProcess outages, double outageMillis, List<Double> sinceReturnMillis) {

    /** Times after the return, ms, when a question gives none: 0 to 60 s. */
    public static final List<Double> DEFAULT_TIMES_MILLIS =
            List.of(0.0, 1000.0, 2000.0, 5000.0, 10000.0, 20000.0, 30000.0, 60000.0);

    /** One time after the return and the probability there. */
    public record Point(double sinceReturnMillis, double consistent) {}

    public RecoveryCurve {
        Objects.requireNonNull(outages, "outages");
        sinceReturnMillis = List.copyOf(sinceReturnMillis);
        outages.hintedFraction(outageMillis);
    }

    /** The fraction of the outage's writes that were hinted: {@code min(1, window / outage)}. */
    public double hintedFraction() {
        return outages.hintedFraction(outageMillis);
    }

    /** The probability at each time, in the order asked. */
    public List<Point> points() {
        return sinceReturnMillis.stream()
                .map(tau -> new Point(tau, HintedRecovery.consistent(outages, outageMillis, tau)))
                .toList();
    }

    /**
     * The recovery a question asks for, checked: null when it gives no outage.
     *
     * @param outageMillis the outage's length, ms, or null
     * @param times times after the return, ms, or null for {@link #DEFAULT_TIMES_MILLIS}
     * @param faults the faults simulated, whose outages the recovery needs
     * @throws InvalidQuestionException naming the problem
     */
    static RecoveryCurve asked(Rules rules, Double outageMillis, List<Double> times, Faults faults) {
        if (outageMillis == null) {
            if (times != null) {
                throw rules.invalid(
                        Field.RECOVERY_TIMES,
                        "are times after a replica's return from the outage " + rules.name(Field.RECOVERY_OUTAGE)
                                + " gives: add it");
            }
            return null;
        }
        if (faults.outages() == null) {
            throw rules.invalid(
                    Field.RECOVERY_OUTAGE,
                    "asks how a replica recovers from an outage through its hints, which needs outages: add "
                            + rules.name(Field.OUTAGE_EVERY) + ", " + rules.name(Field.OUTAGE_FOR) + " and "
                            + rules.name(Field.HINT_REPLAY) + ", or use a profile with outages");
        }
        double outage = rules.finite(Field.RECOVERY_OUTAGE, outageMillis);
        if (!(outage > 0) || outage > FaultOptions.MAX_MILLIS) {
            throw rules.invalid(
                    Field.RECOVERY_OUTAGE, "must be above 0 and at most ten years in ms, was " + Rules.text(outage));
        }
        double[] checked = rules.timesMillis(Field.RECOVERY_TIMES, times == null ? DEFAULT_TIMES_MILLIS : times);
        return new RecoveryCurve(
                faults.outages(),
                outage,
                java.util.Arrays.stream(checked).boxed().toList());
    }
}
