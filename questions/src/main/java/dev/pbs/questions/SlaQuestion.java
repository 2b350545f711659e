package dev.pbs.questions;

import dev.pbs.model.profile.DatacenterTopology;
import dev.pbs.model.profile.LatencyProfile;
import java.util.List;
import java.util.Objects;

/**
 * A validated SLA question ({@code GET /api/v1/sla/window}): how long after commit a read of one
 * (N, R, W) must start to be consistent with probability p.
 *
 * @param prediction the prediction that answers it: one configuration, t = 0, the window at p
 * @param probability p, in (0, 1)
 */
public record SlaQuestion(PredictionQuestion prediction, double probability) {

    /** p when the question gives none. */
    public static final double DEFAULT_PROBABILITY = 0.999;

    public SlaQuestion {
        Objects.requireNonNull(prediction, "prediction");
    }

    public static Builder builder(LatencyProfile profile, QuestionLimits limits, Vocabulary vocabulary) {
        return new Builder(profile, limits, vocabulary);
    }

    /** Collects a question's values as given (null: not given) and checks them all in {@link #build()}. */
    public static final class Builder {

        private final PredictionQuestion.Builder prediction;
        private final LatencyProfile profile;
        private final Rules rules;
        private Long replicas;
        private String readQuorum;
        private String writeQuorum;
        private Double probability;

        private Builder(LatencyProfile profile, QuestionLimits limits, Vocabulary vocabulary) {
            this.prediction = PredictionQuestion.builder(profile, limits, vocabulary);
            this.profile = profile;
            this.rules = new Rules(vocabulary);
        }

        public Builder replicas(Long replicas) {
            this.replicas = replicas;
            return this;
        }

        /** R and W, both required. */
        public Builder quorums(String readQuorum, String writeQuorum) {
            this.readQuorum = readQuorum;
            this.writeQuorum = writeQuorum;
            return this;
        }

        /** p in (0, 1); default {@link #DEFAULT_PROBABILITY}. */
        public Builder probability(Double probability) {
            this.probability = probability;
            return this;
        }

        public Builder trials(Long trials) {
            prediction.trials(trials);
            return this;
        }

        public Builder seed(Long seed) {
            prediction.seed(seed);
            return this;
        }

        public Builder threads(int threads) {
            prediction.threads(threads);
            return this;
        }

        /** @throws InvalidQuestionException naming the first problem found */
        public SlaQuestion build() {
            double p = probability == null ? DEFAULT_PROBABILITY : rules.finite(Field.PROBABILITY, probability);
            if (!(p > 0 && p < 1)) {
                throw rules.invalid(Field.PROBABILITY, "must be a probability in (0, 1), was " + Rules.text(p));
            }
            rules.required(Field.N, replicas);
            rules.required(Field.R, readQuorum);
            rules.required(Field.W, writeQuorum);
            if (profile.topology().map(DatacenterTopology::isNamed).orElse(false)) {
                throw new InvalidQuestionException("the SLA window is for (N, R, W), but the profile " + profile.name()
                        + " places its replicas in named datacenters ("
                        + profile.topology().orElseThrow().replicas()
                        + "), which are answered in consistency levels: ask for a prediction with "
                        + rules.name(Field.WRITE_LEVEL) + " and " + rules.name(Field.READ_LEVEL) + " instead");
            }
            PredictionQuestion question = prediction
                    .replicas(replicas)
                    .quorums(readQuorum, writeQuorum)
                    .timesMillis(List.of(0.0))
                    .windows(List.of(p))
                    .build();
            return new SlaQuestion(question, p);
        }
    }
}
