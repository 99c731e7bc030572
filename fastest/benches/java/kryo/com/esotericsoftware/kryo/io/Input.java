package com.esotericsoftware.kryo.io;

/** The stand-in's input: see {@link com.esotericsoftware.kryo.Kryo}. */
public class Input implements AutoCloseable {
    public Input(java.io.InputStream in) {
    }

    @Override
    public void close() {
    }
}
