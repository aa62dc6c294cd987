//! The text-mode screens of the game and the book editor, in the look of the QBasic Huo Chess.
