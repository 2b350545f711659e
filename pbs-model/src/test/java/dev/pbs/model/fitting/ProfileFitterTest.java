package dev.pbs.model.fitting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.distribution.Empirical;
import dev.pbs.model.distribution.Exponential;
import dev.pbs.model.distribution.LogNormal;
import dev.pbs.model.distribution.Mixture;
import dev.pbs.model.distribution.Pareto;
import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.model.profile.CoordinatorPlacement;
import dev.pbs.model.profile.DatacenterTopology;
import dev.pbs.model.profile.DelayOverrides;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import dev.pbs.model.profile.WarsMessage;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class ProfileFitterTest {

    private static final Empirical DISK_WRITES = MeasuredSamples.of(BuiltInProfiles.LINKEDIN_DISK_WRITE, 200_000, 1);
    private static final Empirical NETWORK = MeasuredSamples.of(LogNormal.of(-0.5, 0.4), 200_000, 2);
    private static final Empirical SLOW_REPLICA_WRITES = MeasuredSamples.of(LogNormal.of(2, 0.8), 200_000, 3);

    /**
     * Defaults: W and A measured, S the same histogram as A, R parametric. Replica 0: W measured;
     * replica 2: R parametric. Two datacenters.
     */
    private static final LatencyProfile MEASURED = LatencyProfile.builder("measured")
            .description("three replicas, one with a slow disk")
            .provenance("drawn by the test")
            .defaults(new MessageDelays(DISK_WRITES, NETWORK, Pareto.of(0.2, 8), NETWORK))
            .replicaOverrides(List.of(
                    new DelayOverrides(SLOW_REPLICA_WRITES, null, null, null),
                    DelayOverrides.NONE,
                    new DelayOverrides(null, null, Exponential.ofMean(4), null)))
            .topology(DatacenterTopology.explicit(new int[] {0, 0, 1}, Constant.of(20), CoordinatorPlacement.RANDOM))
            .build();

    private static final ProfileFit FIT = new ProfileFitter().fit(MEASURED);

    @Test
    void fit_measuredDefaultsAndOverrides_fitsEachEmpiricalInOrder() {
        ProfileFit fit = FIT;

        assertThat(fit.fits())
                .extracting(MessageFit::replica, MessageFit::message)
                .containsExactly(
                        tuple(OptionalInt.empty(), WarsMessage.WRITE),
                        tuple(OptionalInt.empty(), WarsMessage.ACKNOWLEDGEMENT),
                        tuple(OptionalInt.empty(), WarsMessage.RESPONSE),
                        tuple(OptionalInt.of(0), WarsMessage.WRITE));
        assertThat(fit.fits().get(0).fit().chosen().orElseThrow().form()).isEqualTo(FittedForm.PARETO_EXPONENTIAL);
        assertThat(fit.fits().get(1).fit().chosen().orElseThrow().form()).isEqualTo(FittedForm.LOGNORMAL);
        assertThat(fit.fits().get(3).fit().chosen().orElseThrow().form()).isEqualTo(FittedForm.LOGNORMAL);
    }

    @Test
    void fit_sameHistogramTwice_isFittedOnce() {
        ProfileFit fit = FIT;

        assertThat(fit.fits().get(2).fit()).isSameAs(fit.fits().get(1).fit());
    }

    @Test
    void fittedProfile_replacesMeasuredDelaysAndKeepsEverythingElse() {
        ProfileFit fit = FIT;

        LatencyProfile fitted = fit.fittedProfile("measured-fitted", "fitted by the test");

        assertThat(fitted.name()).isEqualTo("measured-fitted");
        assertThat(fitted.provenance()).isEqualTo("fitted by the test");
        assertThat(fitted.description()).isEqualTo(MEASURED.description());
        assertThat(fitted.defaults().write())
                .isInstanceOf(Mixture.class)
                .isEqualTo(fit.fits().get(0).fit().chosen().orElseThrow().distribution());
        assertThat(fitted.defaults().acknowledgement()).isInstanceOf(LogNormal.class);
        assertThat(fitted.defaults().read()).isEqualTo(Pareto.of(0.2, 8));
        assertThat(fitted.defaults().response()).isEqualTo(fitted.defaults().acknowledgement());
        assertThat(fitted.replicaOverrides()).hasSize(3);
        assertThat(fitted.replicaOverrides().get(0).write()).isInstanceOf(LogNormal.class);
        assertThat(fitted.replicaOverrides().get(0).acknowledgement()).isNull();
        assertThat(fitted.replicaOverrides().get(1).isEmpty()).isTrue();
        assertThat(fitted.replicaOverrides().get(2))
                .isEqualTo(new DelayOverrides(null, null, Exponential.ofMean(4), null));
        assertThat(fitted.topology()).isEqualTo(MEASURED.topology());
    }

    @Test
    void fittedProfile_noCandidateConverged_keepsTheMeasuredDelay() {
        ProfileFit fit = new ProfileFitter(new DistributionFitter(1, 1)).fit(MEASURED);

        LatencyProfile fitted = fit.fittedProfile("kept", "");

        assertThat(fit.fits())
                .allSatisfy(message -> assertThat(message.fit().chosen()).isEmpty());
        assertThat(fitted.defaults()).isEqualTo(MEASURED.defaults());
        assertThat(fitted.replicaOverrides()).isEqualTo(MEASURED.replicaOverrides());
    }

    @Test
    void fit_noEmpiricalDelay_saysThereIsNothingToFit() {
        assertThatThrownBy(() -> new ProfileFitter()
                        .fit(BuiltInProfiles.named("lnkd-disk").orElseThrow()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("nothing to fit: profile 'lnkd-disk' has no empirical (measured) distribution among its "
                        + "default or per-replica delays");
    }
}
