import pandas as pd

STRIP_CHARS = [".", "\"", "(", ")", ",", "?", "!", "'", ";", "{", "}", "-", "*", "=", ":", "\x91", "\x97", "<br />", "/", "<", ">"]


class Preprocessor:
    @staticmethod
    def preprocess_text(text: str):
        for ch in STRIP_CHARS:
            text = text.replace(ch, " ")
        text = " ".join([tok for tok in text.split() if tok])
        return text.lower()

    @staticmethod
    def remove_symbols(review_texts: pd.Series) -> pd.Series:
        return review_texts.str.lower().apply(Preprocessor.preprocess_text)
    
    @staticmethod
    def remove_long_sequences(df: pd.DataFrame, max_len: int) -> pd.Series:
        lengths = df["review"].apply(lambda text: len(text.split()))
        return df[lengths <= max_len]
