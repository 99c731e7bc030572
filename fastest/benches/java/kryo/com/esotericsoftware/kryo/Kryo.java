package com.esotericsoftware.kryo;

import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

/**
 * A stand-in for the serialiser NQueensFAF saves its progress with (a Maven
 * dependency), so that its CPU solver compiles without a network: a count
 * never saves, and saving here says so.
 */
public class Kryo {
    public void register(Class<?> type) {
    }

    public void writeObject(Output output, Object object) {
        throw new UnsupportedOperationException("this build of NQueensFAF saves no progress");
    }

    public <T> T readObject(Input input, Class<T> type) {
        throw new UnsupportedOperationException("this build of NQueensFAF loads no progress");
    }
}
