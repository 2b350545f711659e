package dev.pbs.formats.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.formats.json.JsonMapping;
import dev.pbs.model.distribution.Constant;
import dev.pbs.model.profile.CoordinatorReplicaShare;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import dev.pbs.model.quorum.ConsistencyLevel;
import dev.pbs.model.quorum.DatacenterReplicas;
import dev.pbs.model.quorum.LevelConfiguration;
import dev.pbs.montecarlo.LevelSimulationResult;
import dev.pbs.montecarlo.LevelSimulationSpec;
import dev.pbs.montecarlo.SimulationResult;
import dev.pbs.montecarlo.SimulationSpec;
import dev.pbs.montecarlo.WarsEngine;
import dev.pbs.questions.ReportOptions;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Where the coordinator ran, in the reports: as before for every coordinator on a replica or none,
 * and the shares of writes and reads when some were and some not.
 */
class CoordinatorReplicaShareReportTest {

    private static final LatencyProfile PROFILE = LatencyProfile.builder("plain")
            .defaults(MessageDelays.all(Constant.of(1)))
            .build();

    private static SimulationResult run(CoordinatorReplicaShare share) {
        return new WarsEngine()
                .run(SimulationSpec.builder(PROFILE, 3)
                        .configuration(1, 1)
                        .trials(1000)
                        .threads(1)
                        .coordinatorReplicaShare(share)
                        .build());
    }

    private static LevelSimulationResult levels(CoordinatorReplicaShare share) {
        return new WarsEngine()
                .run(new LevelSimulationSpec(
                        PROFILE,
                        DatacenterReplicas.of(List.of("dc1"), new int[] {0, 0, 0}),
                        List.of(new LevelConfiguration(ConsistencyLevel.ONE, ConsistencyLevel.ONE, 0, 0)),
                        1000,
                        1,
                        1,
                        null,
                        share));
    }

    @Test
    void tableHeader_saysThePartialShare_andWhatItAlwaysSaidOtherwise() {
        assertThat(PredictionTable.header(
                        run(CoordinatorReplicaShare.uniform(0.67)).spec()))
                .endsWith(", coordinator on a replica for 67% of writes and 67% of reads");
        assertThat(PredictionTable.header(
                        run(CoordinatorReplicaShare.of(2.0 / 3, 0)).spec()))
                .endsWith(", coordinator on a replica for 66.67% of writes and 0% of reads");
        assertThat(PredictionTable.header(run(CoordinatorReplicaShare.ALWAYS).spec()))
                .endsWith(", coordinator on a replica");
        assertThat(PredictionTable.header(run(CoordinatorReplicaShare.NEVER).spec()))
                .endsWith(", coordinator separate from the replicas");
    }

    @Test
    void json_givesThePartialShare_onlyWhenSomeCoordinatorsAreReplicasAndOthersNot() {
        JsonNode partial = PredictionJson.toJson(run(CoordinatorReplicaShare.of(0.67, 0.5)), ReportOptions.DEFAULT);
        assertThat(partial.get("coordinator_replica").asBoolean()).isTrue();
        assertThat(partial.get("coordinator_replica_share").get("writes").doubleValue())
                .isEqualTo(0.67);
        assertThat(partial.get("coordinator_replica_share").get("reads").doubleValue())
                .isEqualTo(0.5);

        JsonNode always = PredictionJson.toJson(run(CoordinatorReplicaShare.ALWAYS), ReportOptions.DEFAULT);
        assertThat(always.get("coordinator_replica").asBoolean()).isTrue();
        assertThat(always.has("coordinator_replica_share")).isFalse();
        JsonNode never = PredictionJson.toJson(run(CoordinatorReplicaShare.NEVER), ReportOptions.DEFAULT);
        assertThat(never.get("coordinator_replica").asBoolean()).isFalse();
        assertThat(never.has("coordinator_replica_share")).isFalse();
    }

    @Test
    void levels_tableAndJson_sayThePartialShare() {
        LevelSimulationResult partial = levels(CoordinatorReplicaShare.of(0.25, 1));
        assertThat(LevelPredictionTable.render(partial, ReportOptions.DEFAULT))
                .contains(", reads contact the replicas their level needs, coordinators on a replica of their "
                        + "datacenter for 25% of writes and 100% of reads\n");
        JsonNode json = JsonMapping.tree(PredictionJson.answer(partial, ReportOptions.DEFAULT));
        assertThat(json.get("coordinator_replica_share").get("writes").doubleValue())
                .isEqualTo(0.25);

        assertThat(LevelPredictionTable.render(levels(CoordinatorReplicaShare.ALWAYS), ReportOptions.DEFAULT))
                .contains(", reads contact the replicas their level needs, coordinators on a replica of their "
                        + "datacenter\n");
        assertThat(LevelPredictionTable.render(levels(CoordinatorReplicaShare.NEVER), ReportOptions.DEFAULT))
                .contains(", reads contact the replicas their level needs\n")
                .doesNotContain("coordinators on");
    }
}
