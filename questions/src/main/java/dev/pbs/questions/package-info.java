/**
 * The questions pbs answers, validated once for the command line and the REST service alike: a
 * {@link dev.pbs.questions.PredictionQuestion} (t-visibility, windows, latencies and k-staleness
 * for one profile and N), a {@link dev.pbs.questions.TuningQuestion} (which N, R, W, or which
 * consistency levels across datacenters, meet an SLA) and an {@link dev.pbs.questions.SlaQuestion}
 * (one window with its interval). Each edge parses its own syntax (JSON, query parameters, options)
 * into values and hands them to a question's builder, which checks every rule against one {@link
 * dev.pbs.questions.QuestionLimits} and throws an {@link dev.pbs.questions.InvalidQuestionException}
 * naming the field in the edge's {@link dev.pbs.questions.Vocabulary}. Nothing here knows HTTP,
 * JSON or picocli.
 *
 * <pre>{@code
 * PredictionQuestion question = PredictionQuestion.builder(profile, QuestionLimits.COMMAND_LINE,
 *         Vocabulary.COMMAND_LINE).replicas(3).quorums("ONE", "QUORUM").build();
 * SimulationResult result = new WarsEngine().run(question.simulation());
 * }</pre>
 */
package dev.pbs.questions;
