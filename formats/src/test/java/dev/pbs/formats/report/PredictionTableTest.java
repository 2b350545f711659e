package dev.pbs.formats.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.distribution.Exponential;
import dev.pbs.model.faults.Faults;
import dev.pbs.model.faults.PauseProcess;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageCorrelation;
import dev.pbs.model.profile.MessageDelays;
import dev.pbs.montecarlo.SimulationSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The prediction table's header line names what the run assumed. */
class PredictionTableTest {

    @Test
    void header_namesTheProfilesMessageCorrelation_onlyWhenItHasOne() {
        LatencyProfile independent = LatencyProfile.builder("plain")
                .defaults(MessageDelays.all(Constant.of(1)))
                .build();
        LatencyProfile correlated = independent.toBuilder("measured")
                .messageCorrelation(new MessageCorrelation(0.54, 0.4, 0.57, 0.39))
                .build();
        assertThat(PredictionTable.header(SimulationSpec.builder(independent, 3).build()))
                .doesNotContain("correlated");
        assertThat(PredictionTable.header(SimulationSpec.builder(correlated, 3).build()))
                .endsWith(", messages of one operation correlated (writes 0.54 between replicas, 0.40 with the own "
                        + "replica; reads 0.57, 0.39)");
        LatencyProfile faulty = correlated.toBuilder()
                .faults(new Faults(new PauseProcess(Exponential.ofMean(1000), Constant.of(100)), null, List.of()))
                .build();
        assertThat(PredictionTable.header(SimulationSpec.builder(faulty, 3)
                        .readFanout(dev.pbs.montecarlo.ReadFanout.TARGETED)
                        .build()))
                .endsWith(", messages drawn independently (faulty replicas are simulated without the profile's "
                        + "message correlation)");
    }
}
