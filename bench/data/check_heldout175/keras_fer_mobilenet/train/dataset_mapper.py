"""
Folds the expression labels of FER2013 and AffectNet into the four exam
states used by the project (stressed, focused, confused, calm).

    stressed  - negative, aroused: fear, anger, disgust, sadness
    focused   - neutral
    confused  - surprise, contempt
    calm      - happiness

Example:
    df_mapped = FER2013Mapper.load_and_map("/data/fer2013/fer2013.csv")
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Optional

import numpy as np

logger = logging.getLogger(__name__)

# ---- the four target classes -------------------------------------------------
EXAM_EMOTIONS = ["stressed", "focused", "confused", "calm"]
EXAM_LABEL_TO_ID = {e: i for i, e in enumerate(EXAM_EMOTIONS)}


# ---- FER2013 -----------------------------------------------------------------

class FER2013Mapper:
    """
    FER2013 indices: 0 angry, 1 disgust, 2 fear, 3 happy, 4 sad,
    5 surprise, 6 neutral.
    """

    # by name
    STR_MAP: dict[str, str] = {
        "angry":    "stressed",
        "disgust":  "stressed",
        "fear":     "stressed",
        "sad":      "stressed",
        "happy":    "calm",
        "surprise": "confused",
        "neutral":  "focused",
    }

    # by index (None would drop the row)
    INT_MAP: dict[int, Optional[str]] = {
        0: "stressed",
        1: "stressed",
        2: "stressed",
        3: "calm",
        4: "stressed",
        5: "confused",
        6: "focused",
    }

    @classmethod
    def map(cls, label: str) -> Optional[str]:
        return cls.STR_MAP.get(label.lower().strip())

    @classmethod
    def map_int(cls, idx: int) -> Optional[str]:
        return cls.INT_MAP.get(int(idx))

    @classmethod
    def load_and_map(cls, csv_path: str | Path, usage: str = "Training"):
        """
        Reads the FER2013 csv and returns the rows of one split with
        exam_emotion and exam_label_id columns added.
        """
        try:
            import pandas as pd
        except ImportError:
            raise RuntimeError("pandas is required: pip install pandas")

        df = pd.read_csv(csv_path)
        if usage:
            df = df[df["Usage"] == usage].copy()

        df["exam_emotion"] = df["emotion"].apply(cls.map_int)
        df = df.dropna(subset=["exam_emotion"]).copy()
        df["exam_label_id"] = df["exam_emotion"].map(EXAM_LABEL_TO_ID)

        logger.info(
            "FER2013 [%s]: %d samples after mapping → %s",
            usage,
            len(df),
            df["exam_emotion"].value_counts().to_dict(),
        )
        return df


# ---- AffectNet ---------------------------------------------------------------

class AffectNetMapper:
    """
    AffectNet indices: 0 neutral, 1 happy, 2 sad, 3 surprise, 4 fear,
    5 disgust, 6 anger, 7 contempt.
    """

    INT_MAP: dict[int, Optional[str]] = {
        0: "focused",
        1: "calm",
        2: "stressed",
        3: "confused",
        4: "stressed",
        5: "stressed",
        6: "stressed",
        7: "confused",
    }

    STR_MAP: dict[str, str] = {
        "neutral":  "focused",
        "happy":    "calm",
        "sad":      "stressed",
        "surprise": "confused",
        "fear":     "stressed",
        "disgust":  "stressed",
        "anger":    "stressed",
        "contempt": "confused",
    }

    @classmethod
    def map(cls, label: str) -> Optional[str]:
        return cls.STR_MAP.get(label.lower().strip())

    @classmethod
    def map_int(cls, idx: int) -> Optional[str]:
        return cls.INT_MAP.get(int(idx))


# ---- pixel string to image ---------------------------------------------------

def decode_fer_pixels(pixel_str: str, size: int = 48) -> np.ndarray:
    """
    Turns one space-separated FER2013 pixel string into a (H, W, 3) uint8 image.
    """
    arr = np.array(pixel_str.split(), dtype=np.uint8).reshape(size, size)
    return np.stack([arr, arr, arr], axis=-1)   # grey repeated to three channels


if __name__ == "__main__":
    # small check of the two mappers
    for raw, expected in [
        ("angry", "stressed"), ("happy", "calm"),
        ("neutral", "focused"), ("surprise", "confused"),
    ]:
        result = FER2013Mapper.map(raw)
        status = "✓" if result == expected else "✗"
        print(f"  {status}  FER2013 '{raw}' → '{result}' (expected '{expected}')")

    for idx, expected in [(0, "focused"), (3, "confused"), (6, "stressed"), (7, "confused")]:
        result = AffectNetMapper.map_int(idx)
        status = "✓" if result == expected else "✗"
        print(f"  {status}  AffectNet idx={idx} → '{result}' (expected '{expected}')")
