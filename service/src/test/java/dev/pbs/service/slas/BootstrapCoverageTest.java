package dev.pbs.service.slas;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.model.distribution.Empirical;
import dev.pbs.model.distribution.LatencyDistribution;
import dev.pbs.model.distribution.LatencySampler;
import dev.pbs.model.distribution.LogNormal;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import dev.pbs.questions.QuestionLimits;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * The live intervals hold the measurement's sampling: profiles measured from samples of known
 * delays, predicted with their intervals, contain the figure the known delays give about as often
 * as docs/service.md says (90% and more for P(consistent), 85% and more for a window).
 */
class BootstrapCoverageTest {

    private static final LatencyProfile TRUE_DELAYS = LatencyProfile.builder("true delays")
            .description("test")
            .provenance("test")
            .defaults(new MessageDelays(
                    LogNormal.of(Math.log(2), 0.8),
                    LogNormal.of(Math.log(0.5), 0.5),
                    LogNormal.of(Math.log(0.5), 0.5),
                    LogNormal.of(Math.log(0.5), 0.5)))
            .build();

    /** Observations per message in each measured profile: a window of a few minutes at the defaults. */
    private static final int SAMPLES = 1000;

    private static final int PROFILES = 100;

    private final LivePredictor predictor = new LivePredictor(QuestionLimits.COMMAND_LINE);

    @Test
    void intervalsFromAThousandSamplesPerMessage_containTheTrueFigureAsOftenAsClaimed() {
        List<LiveSla> oneOne = List.of(LivePredictorTest.sla("ONE", "ONE"));
        LivePrediction.Configuration truth = predictor
                .predict(TRUE_DELAYS, 3, oneOne, Optional.empty(), 2_000_000, PredictionClock.COMMIT)
                .configurations()
                .get(0);
        double trueAtOne = truth.consistency().get(1).probability(); // t = 1 ms
        double trueWindow = truth.windows().get(0).millis(); // p = 0.99
        SplittableRandom random = new SplittableRandom(11);
        int consistencyCovered = 0;
        int windowCovered = 0;
        for (int profile = 0; profile < PROFILES; profile++) {
            LivePrediction.Configuration measured = predictor
                    .predict(measured(random), 3, oneOne, Optional.empty(), 200_000, PredictionClock.COMMIT)
                    .configurations()
                    .get(0);
            LivePrediction.Consistency atOne = measured.consistency().get(1);
            consistencyCovered += atOne.lower() <= trueAtOne && trueAtOne <= atOne.upper() ? 1 : 0;
            LivePrediction.Window window = measured.windows().get(0);
            windowCovered += window.lowerMillis() <= trueWindow && trueWindow <= window.upperMillis() ? 1 : 0;
        }
        // Over 200 such profiles the intervals of P covered 96%, those of the window 92% (and with
        // 100 samples per message 90.5% and 86.5%): below 95% for a window, which the tail of few
        // samples decides (docs/service.md). The claims, 90% and 85%, fail on 100 profiles with
        // probability about 0.1% below 81 and 75 (three binomial deviations).
        System.out.printf(
                "coverage of P(consistent at 1 ms) %d, of the 99%% window %d, of %d%n",
                consistencyCovered, windowCovered, PROFILES);
        assertThat(consistencyCovered).isGreaterThanOrEqualTo(81);
        assertThat(windowCovered).isGreaterThanOrEqualTo(75);
    }

    /** A profile measured from SAMPLES draws of each message's true delay, in microseconds. */
    private static LatencyProfile measured(SplittableRandom random) {
        MessageDelays truth = TRUE_DELAYS.defaults();
        return TRUE_DELAYS.toBuilder("measured")
                .defaults(new MessageDelays(
                        sample(truth.write(), random),
                        sample(truth.acknowledgement(), random),
                        sample(truth.read(), random),
                        sample(truth.response(), random)))
                .build();
    }

    private static Empirical sample(LatencyDistribution distribution, SplittableRandom random) {
        LatencySampler sampler = distribution.sampler(random);
        Histogram micros = new Histogram(3_600_000_000L, 3);
        for (int draw = 0; draw < SAMPLES; draw++) {
            micros.recordValue(Math.max(1, Math.round(sampler.sample() * 1000)));
        }
        return Empirical.of(micros, TimeUnit.MICROSECONDS);
    }
}
