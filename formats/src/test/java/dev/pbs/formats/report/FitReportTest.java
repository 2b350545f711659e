package dev.pbs.formats.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.model.distribution.Empirical;
import dev.pbs.model.distribution.LogNormal;
import dev.pbs.model.distribution.Mixture;
import dev.pbs.model.fitting.CandidateFit;
import dev.pbs.model.fitting.DistributionFit;
import dev.pbs.model.fitting.FittedForm;
import dev.pbs.model.fitting.MessageFit;
import dev.pbs.model.fitting.ProfileFit;
import dev.pbs.model.profile.DelayOverrides;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import dev.pbs.model.profile.WarsMessage;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The fit reports for hand-made fits: a mixture that failed, and a delay no candidate fitted. */
class FitReportTest {

    private static final Empirical MEASURED = measured();
    private static final CandidateFit MIXTURE_FAILED = new CandidateFit(
            FittedForm.PARETO_EXPONENTIAL,
            null,
            Double.NaN,
            "the Pareto-exponential least-squares fit did not converge (too many evaluations)");
    private static final CandidateFit LOGNORMAL =
            new CandidateFit(FittedForm.LOGNORMAL, LogNormal.of(1, 0.5), 0.00123, null);
    private static final CandidateFit LOGNORMAL_FAILED = new CandidateFit(
            FittedForm.LOGNORMAL,
            null,
            Double.NaN,
            "the lognormal least-squares fit did not converge (too many evaluations)");
    private static final CandidateFit MIXTURE = new CandidateFit(
            FittedForm.PARETO_EXPONENTIAL, Mixture.paretoExponential(0.38, 1.05, 1.51, 0.62, 0.183), 0.0004567, null);

    private static final LatencyProfile PROFILE = LatencyProfile.builder("measured")
            .defaults(MessageDelays.all(MEASURED))
            .replicaOverrides(List.of(DelayOverrides.NONE, new DelayOverrides(MEASURED, null, null, null)))
            .provenance("a probe")
            .build();
    private static final ProfileFit FIT = new ProfileFit(
            PROFILE,
            List.of(
                    new MessageFit(
                            OptionalInt.empty(), WarsMessage.WRITE, MEASURED, new DistributionFit(MIXTURE, LOGNORMAL)),
                    new MessageFit(
                            OptionalInt.empty(),
                            WarsMessage.ACKNOWLEDGEMENT,
                            MEASURED,
                            new DistributionFit(MIXTURE_FAILED, LOGNORMAL)),
                    new MessageFit(
                            OptionalInt.of(1),
                            WarsMessage.WRITE,
                            MEASURED,
                            new DistributionFit(MIXTURE_FAILED, LOGNORMAL_FAILED))));
    private static final LatencyProfile FITTED = FIT.fittedProfile("measured-fitted", "test");

    @Test
    void render_fits_showParametersErrorsAndWhatFailed() {
        String table = FitTable.render(FIT, "in.json", "out.json", FITTED);

        assertThat(table)
                .contains("default.w      pareto-exponential  38.00% Pareto(xm=1.050 ms, alpha=1.510) + "
                        + "62.00% Exp(lambda=0.1830/ms)")
                .containsPattern("default\\.a +lognormal +LogNormal\\(mu=1\\.000, sigma=0\\.5000\\) +1,000 +failed "
                        + "+0\\.123%")
                .containsPattern("replicas\\[1\\]\\.w +measured +kept as measured +1,000 +failed +failed")
                .contains("Note: default.a: the Pareto-exponential least-squares fit did not converge (too many "
                        + "evaluations); the lognormal is used.")
                .contains("Note: replicas[1].w: the lognormal least-squares fit did not converge (too many "
                        + "evaluations); the measured delay is kept.\n\nNRMSE: root-mean-square difference");
    }

    @Test
    void toJson_failedCandidate_hasNullErrorAndTheProblem() {
        JsonNode fits = FitJson.toJson(FIT, "in.json", "out.json", FITTED).get("fits");

        JsonNode failed = fits.get(1).get("candidates").get(0);
        assertThat(failed.get("converged").asBoolean()).isFalse();
        assertThat(failed.get("nrmse").isNull()).isTrue();
        assertThat(failed.get("problem").asText()).contains("did not converge");
        assertThat(fits.get(1).get("chosen").asText()).isEqualTo("lognormal");
        assertThat(fits.get(2).get("chosen").isNull()).isTrue();
        JsonNode mixture = fits.get(0).get("candidates").get(0);
        assertThat(mixture.get("nrmse").asDouble()).isEqualTo(0.0004567);
        assertThat(mixture.get("parameters").get("lambda_per_ms").asDouble())
                .isCloseTo(0.183, org.assertj.core.api.Assertions.within(1e-12));
    }

    @Test
    void text_fits_namesFormsErrorsAndFallbacks() {
        String provenance = FitProvenance.text(FIT, "in.json");

        assertThat(provenance)
                .startsWith("Fitted by pbs fit from profile file in.json (profile 'measured')")
                .contains("default.w: Pareto-exponential mixture, NRMSE 0.0457% (lognormal 0.123%)")
                .contains("default.a: lognormal, NRMSE 0.123% (Pareto-exponential mixture did not converge)")
                .contains("replicas[1].w: kept as measured (neither fit converged) (Pareto-exponential mixture did "
                        + "not converge, lognormal did not converge)")
                .endsWith("Provenance of the measured profile: a probe");
    }

    private static Empirical measured() {
        Histogram histogram = new Histogram(3);
        for (int micros = 1000; micros < 2000; micros++) {
            histogram.recordValue(micros);
        }
        return Empirical.of(histogram, TimeUnit.MICROSECONDS);
    }
}
