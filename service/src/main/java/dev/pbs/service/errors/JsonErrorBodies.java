package dev.pbs.service.errors;

import java.nio.charset.StandardCharsets;

/** The JSON error body {@code {"code": ..., "message": "..."}} written outside Jersey. */
final class JsonErrorBodies {

    private JsonErrorBodies() {
    }

    static String of(int code, String message) {
        String text = message == null || message.isBlank() ? "HTTP " + code : message;
        StringBuilder escaped = new StringBuilder();
        for (char character : text.toCharArray()) {
            switch (character) {
                case '"' -> escaped.append("\\\"");
                case '\\' -> escaped.append("\\\\");
                default -> {
                    if (character < 0x20 || character > 0x7e) {
                        escaped.append(String.format("\\u%04x", (int) character));
                    } else {
                        escaped.append(character);
                    }
                }
            }
        }
        return "{\"code\":" + code + ",\"message\":\"" + escaped + "\"}";
    }

    static byte[] bytes(int code, String message) {
        return of(code, message).getBytes(StandardCharsets.UTF_8);
    }
}
