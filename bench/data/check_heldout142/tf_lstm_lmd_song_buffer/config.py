# folder for saved networks
MODELS_FOLDER = "saved_models"

# time steps per training window
SEQUENCE_LENGTH = 500

# windows per batch
BATCH_SIZE = 128

# optimiser step size
LEARNING_RATE = 0.0001333

# number of epochs
EPOCHS = 2000

# windows drawn per epoch
STEPS_PR_EPOCHS = 1000000

# MIDI has 128 pitches
NUM_NOTES = 128

# time steps per quarter note
Q_RATIO = 4

# slot of the onset flag in each note cell
NOTE_IND = 0

# slot of the held-over flag in each note cell
FROM_PREV_IND = 1

# size of each note cell
MIDI_ARR_SIZE = 2

# raw MIDI files read by process_data.py
MIDI_FOLDER = f"D:\data\lakh_midi" # "/home/user/lmd_matched/C/F"

# converted .npy rolls written by process_data.py
CONVERTED_PATH = f"D:\data\lakh_midi\rolls" # "./rolls"

# where generated songs go
PREDICTED_SONG_FOLDER = "predicted"

# where roll images go
NOTE_IMAGE_FILE_FOLDER = "note_imgs"

# General MIDI programs: https://soundprogramming.net/file-formats/general-midi-instrument-list/
# mido counts programs from 0, that list from 1.
instruments = {
    "piano": 0,
    "acoustic guitar": 24,
    "electric guitar": 26,
    "distortion guitar": 30,
    "acoustic bass": 32,
    "electric bass": 33,
    "violin": 40,
    "contrabass": 43,
    "choir aahs": 52, # sounds good
    "voice oohs": 53,
    "flute": 73,
    "whistle": 78,
    "fiddle": 110,
    "steel drums": 114,
    "bird tweet": 123,
    "gunshot": 127, # why not

}

# program used when writing rolls back to MIDI
INSTRUMENT = instruments["acoustic bass"]
