package dev.pbs.service.errors;

import dev.pbs.formats.json.JsonMapping;
import dev.pbs.formats.wire.ErrorBody;
import java.nio.charset.StandardCharsets;

/**
 * The JSON error body {@code {"code": ..., "message": "..."}} written outside Jersey (by Jetty), on
 * one line and in ASCII (every other character escaped), whatever the answer's character set.
 */
final class JsonErrorBodies {

    private JsonErrorBodies() {}

    static String of(int code, String message) {
        String text = message == null || message.isBlank() ? "HTTP " + code : message;
        return JsonMapping.asciiLine(new ErrorBody(code, text));
    }

    static byte[] bytes(int code, String message) {
        return of(code, message).getBytes(StandardCharsets.UTF_8);
    }
}
