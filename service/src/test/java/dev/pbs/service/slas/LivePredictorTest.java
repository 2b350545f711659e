package dev.pbs.service.slas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.montecarlo.ConfigurationResult;
import dev.pbs.montecarlo.SimulationSpec;
import dev.pbs.montecarlo.WarsEngine;
import dev.pbs.montecarlo.workload.WorkloadStaleness;
import dev.pbs.questions.QuestionLimits;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The declared configurations predicted from a profile, as a probe does at each refresh. */
class LivePredictorTest {

    private static final LatencyProfile LNKD_DISK =
            BuiltInProfiles.named("lnkd-disk").orElseThrow();
    private static final long TRIALS = 50_000;
    private final LivePredictor predictor = new LivePredictor(QuestionLimits.COMMAND_LINE);

    static LiveSla sla(String write, String read, String... requirements) {
        SlaConfiguration configuration = new SlaConfiguration();
        configuration.setWriteLevel(write);
        configuration.setReadLevel(read);
        configuration.setRequire(List.of(requirements));
        return configuration.toSla("slas[0]");
    }

    /** ONE/ONE at N = 3 as the engine answers it directly, with the live prediction's seed, trials and times. */
    private static ConfigurationResult directOneOne() {
        return new WarsEngine()
                .run(SimulationSpec.builder(LNKD_DISK, 3)
                        .configurations(List.of(dev.pbs.model.quorum.QuorumConfiguration.of(3, 1, 1)))
                        .trials(TRIALS)
                        .seed(LivePredictor.SEED)
                        .threads(1)
                        .visibilityGridMillis(new double[] {0, 1, 5, 10, 50, 100})
                        .build())
                .configuration(1, 1)
                .orElseThrow();
    }

    @Test
    void oneOne_figuresAreTheEnginesOnTheSameDraws() {
        LivePrediction prediction = predictor.predict(
                LNKD_DISK,
                3,
                List.of(sla("ONE", "ONE", "window@0.999<=5ms")),
                Optional.empty(),
                TRIALS,
                PredictionClock.COMMIT);

        ConfigurationResult direct = directOneOne();
        assertThat(prediction.problems()).isEmpty();
        assertThat(prediction.configurations()).hasSize(1);
        LivePrediction.Configuration oneOne = prediction.configurations().get(0);
        assertThat(List.of(oneOne.n(), oneOne.r(), oneOne.w())).containsExactly(3, 1, 1);
        assertThat(oneOne.datacenter()).isNull();
        assertThat(oneOne.windows())
                .extracting(LivePrediction.Window::probability)
                .containsExactly(0.99, 0.999);
        assertThat(oneOne.windows().get(1).millis())
                .isEqualTo(direct.window(0.999).valueMillis());
        assertThat(oneOne.consistency().get(0).probability())
                .isEqualTo(direct.consistentAt(0).estimate());
        assertThat(oneOne.latency())
                .filteredOn(latency -> latency.operation().equals("read") && latency.percentile() == 99)
                .singleElement()
                .extracting(LivePrediction.Latency::millis)
                .isEqualTo(direct.readLatency(99).valueMillis());
        double window = direct.window(0.999).valueMillis();
        assertThat(window).as("lnkd-disk's ONE/ONE window is far beyond 5 ms").isGreaterThan(5);
        assertThat(oneOne.slaMet()).isFalse();
        assertThat(oneOne.requirements()).singleElement().satisfies(requirement -> {
            assertThat(requirement.requirement()).isEqualTo("window@0.999<=5ms");
            assertThat(requirement.met()).isFalse();
            assertThat(requirement.status()).isEqualTo("missed");
            assertThat(requirement.violation()).startsWith("window@0.999=").contains("ms > 5ms (95% ");
        });
    }

    @Test
    void oneOne_afterTheAcknowledgement_isTheCommitsCurveARoundTripLater() {
        long trials = 1_000_000;
        List<LiveSla> unlimited = List.of(sla("ONE", "ONE"));
        LivePrediction.Window afterCommit = predictor
                .predict(LNKD_DISK, 3, unlimited, Optional.empty(), trials, PredictionClock.COMMIT)
                .configurations()
                .get(0)
                .windows()
                .get(0);
        LivePrediction afterAcknowledgement =
                predictor.predict(LNKD_DISK, 3, unlimited, Optional.empty(), trials, PredictionClock.configured(2));
        LivePrediction.Window window =
                afterAcknowledgement.configurations().get(0).windows().get(0);

        assertThat(afterAcknowledgement.clock()).isEqualTo("acknowledgement");
        assertThat(afterAcknowledgement.clientRoundTripMillis()).isCloseTo(2.0, within(0.01));
        assertThat(afterAcknowledgement.clientRoundTripSource()).isEqualTo("configured");
        // P(t* <= t + 2 ms) with a constant round trip: the commit's 99% window 2 ms earlier (to the
        // threshold histogram's 0.1%), and P at 0 the commit's P at 2 ms
        assertThat(window.probability()).isEqualTo(0.99);
        assertThat(window.millis()).isCloseTo(afterCommit.millis() - 2, within(0.002 * afterCommit.millis()));
        ConfigurationResult direct = directOneOne();
        LivePrediction.Consistency atZero =
                afterAcknowledgement.configurations().get(0).consistency().get(0);
        assertThat(atZero.probability()).isCloseTo(direct.consistentAt(2).estimate(), within(0.01));
        assertThat(atZero.lower()).isLessThan(atZero.probability());

        // A limit between the two intervals: missed after commit, met after the acknowledgement.
        assertThat(window.upperMillis()).isLessThan(afterCommit.lowerMillis());
        double limit = (window.upperMillis() + afterCommit.lowerMillis()) / 2;
        List<LiveSla> limited = List.of(sla("ONE", "ONE", "window@0.99<=" + limit + "ms"));
        assertThat(predictor
                        .predict(LNKD_DISK, 3, limited, Optional.empty(), trials, PredictionClock.COMMIT)
                        .configurations()
                        .get(0)
                        .slaStatus())
                .isEqualTo("missed");
        assertThat(predictor
                        .predict(LNKD_DISK, 3, limited, Optional.empty(), trials, PredictionClock.configured(2))
                        .configurations()
                        .get(0)
                        .slaStatus())
                .isEqualTo("met");
    }

    @Test
    void strictQuorums_alwaysConsistentAndMeetTheirSla() {
        LivePrediction prediction = predictor.predict(
                LNKD_DISK,
                3,
                List.of(sla("QUORUM", "QUORUM", "consistency@0ms>=0.999999", "window@0.99999<=0ms")),
                Optional.of(new Workload(1000, 1000, 10)),
                TRIALS,
                PredictionClock.COMMIT);

        LivePrediction.Configuration quorum = prediction.configurations().get(0);
        assertThat(quorum.slaMet()).isTrue();
        assertThat(quorum.requirements()).allMatch(LivePrediction.RequirementStatus::met);
        assertThat(quorum.consistency())
                .as("exactly 1, not a Monte Carlo interval of 50,000 trials around it")
                .allMatch(point -> point.probability() == 1.0 && point.lower() == 1.0 && point.upper() == 1.0);
        assertThat(quorum.slaStatus()).isEqualTo("met");
        assertThat(quorum.workload().staleReadsPerDayUpper()).isZero();
        assertThat(quorum.windows())
                .extracting(LivePrediction.Window::probability)
                .contains(0.99999);
        assertThat(quorum.workload().staleReadsPerDay()).isZero();
        assertThat(quorum.workload().versionsBehind()).allMatch(behind -> behind.probability() == 0);
    }

    @Test
    void workload_staleReadsPerDayAreReadsPerDayTimesTheStaleShare() {
        Workload workload = new Workload(2_000, 500, 1_000);
        LivePrediction prediction = predictor.predict(
                LNKD_DISK, 3, List.of(sla("ONE", "ONE")), Optional.of(workload), TRIALS, PredictionClock.COMMIT);

        LivePrediction.Severity severity = prediction.configurations().get(0).workload();
        assertThat(severity.writesPerKeyPerSecond()).isEqualTo(0.5);
        assertThat(severity.staleReadsPerDay())
                .isCloseTo(severity.staleReadProbability() * 2_000 * 86_400, within(1e-6));
        // Half a write a second per key against windows of a few ms: a small share, but not none.
        assertThat(severity.staleReadProbability()).isBetween(1e-6, 0.05);
        assertThat(severity.versionsBehind())
                .extracting(LivePrediction.VersionsBehind::versions)
                .containsExactly(1, 2, 3);
        assertThat(severity.versionsBehind().get(0).probability())
                .isGreaterThanOrEqualTo(severity.versionsBehind().get(1).probability());
        ConfigurationResult direct = directOneOne();
        assertThat(severity.staleReadProbability())
                .isEqualTo(WorkloadStaleness.of(direct).staleProbability(0.5));
    }

    @Test
    void requirementTimesAndPercentiles_areAddedToTheExportedOnes() {
        LivePrediction prediction = predictor.predict(
                LNKD_DISK,
                3,
                List.of(sla("ONE", "TWO", "consistency@3ms>=0.9", "write.p95<=50ms")),
                Optional.empty(),
                TRIALS,
                PredictionClock.COMMIT);

        LivePrediction.Configuration configuration = prediction.configurations().get(0);
        assertThat(configuration.consistency())
                .extracting(LivePrediction.Consistency::tMillis)
                .containsExactly(0.0, 1.0, 3.0, 5.0, 10.0, 50.0, 100.0);
        assertThat(configuration.latency())
                .filteredOn(latency -> latency.operation().equals("write"))
                .extracting(LivePrediction.Latency::percentile)
                .containsExactly(50.0, 95.0, 99.0, 99.9);
    }

    @Test
    void datacenters_oneConfigurationPerReadDatacenter() {
        LatencyProfile regions = BuiltInProfiles.named("ec2-three-regions").orElseThrow();
        LivePrediction prediction = predictor.predict(
                regions,
                3,
                List.of(sla("LOCAL_QUORUM", "LOCAL_ONE", "window@0.99<=1000ms")),
                Optional.empty(),
                TRIALS,
                PredictionClock.COMMIT);

        assertThat(prediction.problems()).isEmpty();
        assertThat(prediction.configurations())
                .extracting(LivePrediction.Configuration::datacenter)
                .containsExactlyElementsOf(regions.topology().orElseThrow().names());
    }

    @Test
    void aConfigurationTheProfileCannotServe_isAProblemNotAFailure() {
        LivePrediction prediction = predictor.predict(
                LNKD_DISK,
                2,
                List.of(sla("THREE", "ONE"), sla("ONE", "ONE")),
                Optional.empty(),
                TRIALS,
                PredictionClock.COMMIT);

        assertThat(prediction.configurations()).hasSize(1);
        assertThat(prediction.problems()).singleElement().asString().startsWith("THREE/ONE: ");
        SlaConfiguration elsewhere = new SlaConfiguration();
        elsewhere.setWriteLevel("ONE");
        elsewhere.setReadLevel("ONE");
        elsewhere.setReadDatacenter("dc2");
        LivePrediction noDatacenters = predictor.predict(
                LNKD_DISK, 3, List.of(elsewhere.toSla("slas[0]")), Optional.empty(), TRIALS, PredictionClock.COMMIT);
        assertThat(noDatacenters.problems())
                .containsExactly("ONE/ONE: readDatacenter dc2 is set, but the profile lnkd-disk has no datacenters");
    }
}
