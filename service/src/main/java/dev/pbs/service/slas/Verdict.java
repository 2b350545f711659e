package dev.pbs.service.slas;

import java.util.Locale;

/**
 * Whether a live requirement holds, knowing the prediction's 95% interval: {@link #MET} when the
 * whole interval meets it, {@link #MISSED} when the whole interval misses it, {@link #UNCERTAIN}
 * when the interval straddles the requirement (the window's measurements cannot tell). A
 * requirement without an interval (k-staleness, speculation, read repair, the quorum sizes) is met
 * or missed by its point estimate.
 */
public enum Verdict {
    MET(1),
    MISSED(0),
    UNCERTAIN(0.5);

    private final double gaugeValue;

    Verdict(double gaugeValue) {
        this.gaugeValue = gaugeValue;
    }

    /** As JSON and the page spell it: {@code met}, {@code missed}, {@code uncertain}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** {@code pbs_sla_met}'s value: 1 met, 0 missed, 0.5 uncertain. */
    public double gaugeValue() {
        return gaugeValue;
    }

    /** Of a configuration's requirements: missed if one is, else uncertain if one is, else met. */
    static Verdict of(Iterable<Verdict> verdicts) {
        Verdict worst = MET;
        for (Verdict verdict : verdicts) {
            if (verdict == MISSED) {
                return MISSED;
            }
            if (verdict == UNCERTAIN) {
                worst = UNCERTAIN;
            }
        }
        return worst;
    }

    /** From what the interval's two ends say: each end met or not. */
    static Verdict of(boolean optimisticEndMeets, boolean pessimisticEndMeets) {
        return pessimisticEndMeets ? MET : optimisticEndMeets ? UNCERTAIN : MISSED;
    }

    /** The verdict a label names ({@link #label}). */
    public static Verdict ofLabel(String label) {
        return valueOf(label.toUpperCase(Locale.ROOT));
    }
}
