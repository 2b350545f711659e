package dev.pbs.model.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.distribution.Exponential;
import dev.pbs.model.distribution.Pareto;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The processes' long-run fractions, the recovery closed form, and their checks. */
class FaultProcessesTest {

    private static final OutageProcess OUTAGES =
            new OutageProcess(Exponential.ofMean(3_600_000), Constant.of(20_000), 60_000, Exponential.ofMean(5_000));

    @Test
    void fractions_areMeanRatios() {
        assertThat(new PauseProcess(Constant.of(1800), Constant.of(200)).fractionPaused())
                .isEqualTo(0.1);
        assertThat(OUTAGES.fractionDown()).isCloseTo(20_000.0 / 3_620_000, within(1e-12));
    }

    @Test
    void hintedRecovery_isTheHintedFractionTimesTheReplayDelaysDistribution() {
        // A 20 s outage inside the 60 s window: every write hinted; P = 1 - e^{-tau/5000}.
        assertThat(HintedRecovery.consistent(OUTAGES, 20_000, 0)).isZero();
        assertThat(HintedRecovery.consistent(OUTAGES, 20_000, 5_000)).isCloseTo(1 - Math.exp(-1), within(1e-12));
        // A 120 s outage: only the writes of its first 60 s are hinted.
        assertThat(OUTAGES.hintedFraction(120_000)).isEqualTo(0.5);
        assertThat(HintedRecovery.consistent(OUTAGES, 120_000, 1e9)).isCloseTo(0.5, within(1e-12));
    }

    @Test
    void badParameters_areNamed() {
        assertThatThrownBy(() -> new PauseProcess(Constant.of(100), Constant.of(0)))
                .hasMessage("the pause duration needs a mean above 0 ms, was "
                        + Constant.of(0).describe());
        assertThatThrownBy(() -> new PauseProcess(Pareto.of(1, 0.5), Constant.of(10)))
                .hasMessageStartingWith("the interval between pauses needs a finite mean");
        assertThatThrownBy(() -> new OutageProcess(Constant.of(10), Constant.of(10), -1, Constant.of(1)))
                .hasMessage("the hint window must be finite and >= 0 ms, was -1.0");
        assertThatThrownBy(() -> new OutageProcess(Constant.of(10), null, 0, Constant.of(1)))
                .hasMessage("the outage duration is missing");
        assertThatThrownBy(() -> HintedRecovery.consistent(OUTAGES, 0, 10))
                .hasMessage("the outage must be finite and > 0 ms, was 0.0");
        assertThatThrownBy(() -> HintedRecovery.consistent(OUTAGES, 10, -1))
                .hasMessage("the time since the replica returned must be finite and >= 0 ms, was -1.0");
    }

    @Test
    void replicas_areCheckedAndShownAsUsersCountThem() {
        PauseProcess pauses = new PauseProcess(Constant.of(1800), Constant.of(200));
        Faults faults = new Faults(pauses, null, List.of(0, 2));
        assertThat(faults.struck(3)).containsExactly(true, false, true);
        assertThat(faults.describe()).endsWith("(replicas 1, 3)");
        assertThat(Faults.NONE.struck(3)).containsExactly(false, false, false);
        assertThat(Faults.NONE.describe()).isEqualTo("healthy replicas");
        assertThatThrownBy(() -> faults.struck(2)).hasMessage("faults strike replica 3, but N is 2");
        assertThatThrownBy(() -> new Faults(pauses, null, List.of(2, 1)))
                .hasMessage("the replicas struck by faults must be listed once each, in ascending order, was [3, 2]");
        assertThatThrownBy(() -> new Faults(pauses, null, List.of(-1))).hasMessage("replica numbers start at 1, was 0");
    }
}
