package dev.pbs.cassandra.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SecretTest {

    @TempDir
    Path folder;

    @Test
    void fromFile_oneTrailingLineEnd_isDropped() throws Exception {
        Files.writeString(folder.resolve("unix"), "s3cret\n");
        Files.writeString(folder.resolve("windows"), "s3cret\r\n");
        Files.writeString(folder.resolve("bare"), "s3cret");
        Files.writeString(folder.resolve("spaces"), " s3cret \n\n");
        assertThat(Secret.fromFile(folder.resolve("unix"), "--password-file").value())
                .isEqualTo("s3cret");
        assertThat(Secret.fromFile(folder.resolve("windows"), "--password-file").value())
                .isEqualTo("s3cret");
        assertThat(Secret.fromFile(folder.resolve("bare"), "--password-file").value())
                .isEqualTo("s3cret");
        assertThat(Secret.fromFile(folder.resolve("spaces"), "--password-file").value())
                .isEqualTo(" s3cret \n");
    }

    @Test
    void toStringAndSource_nameWhereItCameFrom_neverTheValue() throws Exception {
        Path file = folder.resolve("password");
        Files.writeString(file, "hunter2-value");
        Secret secret = Secret.fromFile(file, "--password-file");
        assertThat(secret.toString()).contains(file.toString()).doesNotContain("hunter2-value");
        assertThat(secret.source())
                .isEqualTo("file " + file + " (--password-file)")
                .doesNotContain("hunter2");
        Secret variable = Secret.fromEnvironment("PBS_PASSWORD", "--password-env", "hunter2-value");
        assertThat(variable.value()).isEqualTo("hunter2-value");
        assertThat(variable.toString()).isEqualTo("Secret[from environment variable PBS_PASSWORD (--password-env)]");
    }

    @Test
    void fromFile_missingEmptyOrAFolder_isOneLineNamingTheOption() throws Exception {
        assertThatThrownBy(() -> Secret.fromFile(folder.resolve("none"), "--password-file"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("file " + folder.resolve("none") + " (--password-file) does not exist");
        Files.writeString(folder.resolve("empty"), "\n");
        assertThatThrownBy(() -> Secret.fromFile(folder.resolve("empty"), "--keystore-password-file"))
                .hasMessage("file " + folder.resolve("empty") + " (--keystore-password-file) is empty");
        assertThatThrownBy(() -> Secret.fromFile(folder, "--password-file"))
                .hasMessage("file " + folder + " (--password-file) is a folder, not a file");
        Files.write(folder.resolve("big"), new byte[5000]);
        assertThatThrownBy(() -> Secret.fromFile(folder.resolve("big"), "--password-file"))
                .hasMessageContaining("larger than 4096 bytes");
    }

    @Test
    void fromEnvironment_unsetOrEmpty_namesTheVariableAndOption() {
        assertThatThrownBy(() -> Secret.fromEnvironment("PBS_X", "--password-env", null))
                .hasMessage("environment variable PBS_X (--password-env) is not set");
        assertThatThrownBy(() -> Secret.fromEnvironment("PBS_X", "--password-env", ""))
                .hasMessage("environment variable PBS_X (--password-env) is empty");
        assertThatThrownBy(() -> Secret.fromEnvironment("PBS_TEST_VARIABLE_THAT_IS_NOT_SET", "passwordEnv"))
                .hasMessage("environment variable PBS_TEST_VARIABLE_THAT_IS_NOT_SET (passwordEnv) is not set");
    }

    @Test
    void fromEither_bothOrNeither() throws Exception {
        Path file = folder.resolve("password");
        Files.writeString(file, "value");
        assertThatThrownBy(() -> Secret.fromEither("HOME", file, "--password-env", "--password-file"))
                .hasMessage("give --password-env or --password-file, not both");
        assertThat(Secret.fromEither(null, null, "--password-env", "--password-file"))
                .isEmpty();
        assertThat(Secret.fromEither(null, file, "--password-env", "--password-file"))
                .hasValueSatisfying(secret -> assertThat(secret.value()).isEqualTo("value"));
    }
}
