package dev.pbs.service.errors;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.formats.wire.ErrorBody;
import jakarta.ws.rs.core.Response;
import org.junit.jupiter.api.Test;

class HeapExhaustedMapperTest {

    @Test
    void toResponse_heapExhausted_is422NamingTheHeapAndHowToRaiseIt() {
        Response response =
                new HeapExhaustedMapper(512L * 1024 * 1024).toResponse(new OutOfMemoryError("Java heap space"));

        assertThat(response.getStatus()).isEqualTo(422);
        ErrorBody body = (ErrorBody) response.getEntity();
        assertThat(body.message()).contains("heap (512 MB)").contains("PBS_JAVA_OPTIONS=-Xmx2g");
    }
}
