//! The Universal Chess Interface, so any chess GUI can use the engine.
