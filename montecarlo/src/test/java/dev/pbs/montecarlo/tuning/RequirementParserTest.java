package dev.pbs.montecarlo.tuning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RequirementParserTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "consistency@10ms>=0.999      | consistency@10ms>=0.999",
                "Consistency @ 10 >= 0.999    | consistency@10ms>=0.999",
                "window@0.999<=50ms           | window@0.999<=50ms",
                "window@0.99<=2.5             | window@0.99<=2.5ms",
                "read.p99.9<=20ms             | read.p99.9<=20ms",
                "write.p99<=50ms              | write.p99<=50ms",
                "w>=2                         | w>=2",
                "r>=1                         | r>=1",
                "n>=3                         | n>=3",
                "n<=5                         | n<=5",
                "kstale@2<=0.001              | kstale@2<=0.001",
                "speculation<=0.05            | speculation<=0.05",
                "Speculation <= 0             | speculation<=0",
                "speculation<=1               | speculation<=1",
                "repair@10ms<=0.01            | repair@10ms<=0.01",
                "REPAIR @ 2.5 <= 0.2          | repair@2.5ms<=0.2",
                "repair@0<=0                  | repair@0ms<=0",
            })
    void parse_everyForm_readsBackTheSameText(String expression, String text) {
        assertThat(RequirementParser.parse(expression).text()).isEqualTo(text);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "window@1.5<=50ms         | a probability must be in (0, 1), at '1.5'",
                "window@1<=50ms           | a probability must be in (0, 1), at '1'",
                "window@0.999<=-5ms       | a time must be >= 0 ms, at '-5ms'",
                "window@0.999<=fast       | expected a time in ms, at 'fast'",
                "consistency@10ms>=2      | a probability must be in (0, 1], at '2'",
                "consistency@NaN>=0.9     | expected a time in ms, at 'nan'",
                "read.p0<=20ms            | a percentile must be in (0, 100], at '0'",
                "read.p101<=20ms          | a percentile must be in (0, 100], at '101'",
                "w>=0                     | must be a whole number >= 1, at '0'",
                "w>=1.5                   | must be a whole number >= 1, at '1.5'",
                "kstale@0<=0.1            | must be a whole number >= 1, at '0'",
                "latency<=5ms             | is not one of the forms",
                "w=2                      | is not one of the forms",
                "window@0.999>=50ms       | is not one of the forms",
                "speculation<=1.5         | a fraction of reads must be in [0, 1], at '1.5'",
                "speculation<=-0.1        | a fraction of reads must be in [0, 1], at '-0.1'",
                "speculation<=often       | expected a fraction, at 'often'",
                "speculation<=            | expected a fraction, at ''",
                "repair@10ms<=2           | a fraction of reads must be in [0, 1], at '2'",
                "repair@-1ms<=0.1         | a time must be >= 0 ms, at '-1ms'",
                "repair@soon<=0.1         | expected a time in ms, at 'soon'",
                "speculation>=0.05        | bounded from above, as speculation<=<fraction>",
                "speculation@1ms<=0.05    | such as speculation<=0.05",
                "repair<=0.01             | as repair@<ms><=<fraction>, such as repair@10ms<=0.01",
                "repair@10ms>=0.01        | as repair@<ms><=<fraction>",
                "fast<=1                  | speculation<=<fraction>, repair@<ms><=<fraction>",
            })
    void parse_malformed_namesTheBadPart(String expression, String message) {
        assertThatThrownBy(() -> RequirementParser.parse(expression))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'" + expression + "'")
                .hasMessageContaining(message);
    }

    @org.junit.jupiter.api.Test
    void parse_empty_listsTheForms() {
        assertThatThrownBy(() -> RequirementParser.parse(" "))
                .hasMessageContaining("window@0.999<=50ms")
                .hasMessageContaining("speculation<=0.05")
                .hasMessageContaining("repair@10ms<=0.01");
    }
}
