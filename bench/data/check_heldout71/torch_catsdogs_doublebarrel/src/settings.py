import os

class Settings:
    PICTURES_DIR = os.path.join("data", "MyOwnImages")
    SHEET_PATH = os.path.join("C:/Users/someone/Downloads/pet_photo_form_answers.xlsx")
    CAT_DIR_NAME = "Cat"
    DOG_DIR_NAME = "Dog"
    SIDE = 128
    N_PICTURES = 24998

    # fitting
    BATCH = 128
    STOP_EARLY = True
    STOP_PATIENCE = 5

    # split fractions
    FIT_FRACTION = 0.01
    HELD_FRACTION = 0.01
    SCORE_FRACTION = 0.98

    # run output
    RUNS_DIR = "runs"

    # score grid figure
    GRID_COLS = 3
    GRID_ROWS = 3
    FIG_W = 9
    FIG_H = 10
    TITLE_SIZE = 16
    TITLE_PAD = 26
    SUBTITLE_SIZE = 10
    SUBTITLE_X = 0.5
    SUBTITLE_Y = 1.04
    AXIS_LABEL_SIZE = 12
    AXIS_LABEL_PAD = 10
