package dev.pbs.service.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ProfileNameTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "a",
                "Z",
                "7",
                "lnkd-ssd",
                "my_profile.v2",
                "a.b-c_d",
                "x.json5",
                "x.tmpl",
                "json",
                "A234567890123456789012345678901234567890123456789012345678901234"
            })
    void require_validName_returnsIt(String name) {
        assertThat(ProfileName.require(name)).isEqualTo(name);
        assertThat(ProfileName.isValid(name)).isTrue();
    }

    @ParameterizedTest(name = "[{index}] \"{0}\"")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '\'',
            value = {
                "''                  | profile name is missing",
                "../x                | must start with an ASCII letter or digit",
                "a/b                 | contain only ASCII letters, digits",
                "a\\b                | contain only ASCII letters, digits",
                ".hidden             | must start with an ASCII letter or digit",
                "-rf                 | must start with an ASCII letter or digit",
                "a..b                | must not contain \"..\"",
                "x.json              | must not end in \".tmp\" or \".json\"",
                "x.JSON              | must not end in \".tmp\" or \".json\"",
                "x.tmp               | must not end in \".tmp\" or \".json\"",
                "café                | contain only ASCII letters, digits",
                "'my profile'        | contain only ASCII letters, digits",
                "' lead'             | must start with an ASCII letter or digit",
                "'trail '            | contain only ASCII letters, digits",
            })
    void require_invalidName_namesTheRule(String name, String rule) {
        assertThat(ProfileName.isValid(name)).isFalse();
        assertThatThrownBy(() -> ProfileName.require(name))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(rule);
    }

    @Test
    void require_null_isMissing() {
        assertThatThrownBy(() -> ProfileName.require(null)).hasMessage("profile name is missing");
    }

    @Test
    void require_invalidName_quotesTheNameInTheMessage() {
        assertThatThrownBy(() -> ProfileName.require("a/b")).hasMessageEndingWith("was \"a/b\"");
    }

    @Test
    void require_sixtyFiveCharacters_isTooLong() {
        String name = "a".repeat(65);

        assertThatThrownBy(() -> ProfileName.require(name))
                .hasMessageStartingWith("profile name must be at most 64 characters, was 65: ");
    }

    @Test
    void require_unicodeAndControlCharacters_areEscapedInTheMessage() {
        assertThatThrownBy(() -> ProfileName.require("caf\u00e9\n\"x\""))
                .hasMessageEndingWith("was \"caf\\u00e9\\u000a\\\"x\\\"\"");
    }

    @Test
    void require_hugeName_showsAtMostEightyCharactersOfIt() {
        String name = "x".repeat(10_000);

        assertThatThrownBy(() -> ProfileName.require(name))
                .hasMessageEndingWith("\"" + "x".repeat(80) + "\"... (10000 characters)");
    }

    @Test
    void shown_escapesAreNeverCutInHalf() {
        String shown = ProfileName.shown("a".repeat(78) + "\u00e9");

        assertThat(shown).isEqualTo("\"" + "a".repeat(78) + "\"... (79 characters)");
    }
}
