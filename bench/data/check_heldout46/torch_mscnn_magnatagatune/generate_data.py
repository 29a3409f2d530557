import numpy as np
import librosa
import gzip
import pickle
import os
import csv
import config

def read_tags(tag_csv):
    """
    Parses the raw tag file and merges synonymous tags
    :param tag_csv: path of the tag file as downloaded
    :return: clip ids, tag names, tag counts, tag matrix, audio paths
    (in file order)
    """
    print("parsing tag file...")
    clip_ids = []
    tag_names = []
    tag_rows = np.empty((0, 188), dtype="<U1")
    audio_paths = []
    with open(tag_csv) as fh:
        rows = csv.reader(fh, delimiter="\t")
        tag_names =  np.array(next(rows)[1:189])
        for r in rows:
            clip_ids.append(int(r[0]))
            tag_rows = np.append(tag_rows, [r[1:189]], axis=0)
            audio_paths.append(r[189])
    tag_rows = tag_rows.astype(int)
    merge_groups = [['beat', 'beats'],
            ['chant', 'chanting'],
            ['choir', 'choral'],
            ['classical', 'clasical', 'classic'],
            ['drum', 'drums'],
            ['electro', 'electronic', 'electronica', 'electric'],
            ['fast', 'fast beat', 'quick'],
            ['female', 'female singer', 'female singing', 'female vocals', 'female voice', 'woman', 'woman singing', 'women'],
            ['flute', 'flutes'],
            ['guitar', 'guitars'],
            ['hard', 'hard rock'],
            ['harpsichord', 'harpsicord'],
            ['heavy', 'heavy metal', 'metal'],
            ['horn', 'horns'],
            ['india', 'indian'],
            ['jazz', 'jazzy'],
            ['male', 'male singer', 'male vocal', 'male vocals', 'male voice', 'man', 'man singing', 'men'],
            ['no beat', 'no drums'],
            ['no singer', 'no singing', 'no vocal','no vocals', 'no voice', 'no voices', 'instrumental'],
            ['opera', 'operatic'],
            ['orchestra', 'orchestral'],
            ['quiet', 'silence'],
            ['singer', 'singing'],
            ['space', 'spacey'],
            ['string', 'strings'],
            ['synth', 'synthesizer'],
            ['violin', 'violins'],
            ['vocal', 'vocals', 'voice', 'voices'],
            ['strange', 'weird']]
    for group in merge_groups:
        cols = [np.where(tag_names==t)[0][0] for t in group]
        cols.sort()
        merged = np.amax(tag_rows[:, cols], axis=1)
        tag_rows[:, cols[0]] = merged
        tag_rows = np.delete(tag_rows, cols[1:], axis=1)
        tag_names = np.delete(tag_names, cols[1:])
    counts = np.sum(tag_rows, axis=0)
    print(len(clip_ids), tag_names.shape, counts.shape, tag_rows.shape, len(audio_paths))
    print("parsed")
    return clip_ids, tag_names, counts, tag_rows, audio_paths

def write_tags(tag_names, counts, tag_rows, out_path):
    """
    Writes tags sorted by how often they occur
    :param tag_names: tag names
    :param counts: tag counts
    :param out_path: where to write
    """
    print("writing sorted tags...")
    by_count = counts.argsort()[::-1]
    pickle.dump((counts[by_count], tag_names[by_count], tag_rows[:, by_count]), open(out_path, "wb"))
    print("written")

def build_spectrograms(audio_paths, out_path, report_every=100, as_numpy=True, zipped=False):
    """
    Computes a log-mel spectrogram for every clip
    :param audio_paths: list of clip paths
    :param report_every: progress print interval
    :param as_numpy: write with numpy instead of pickle
    :param zipped: compress the output
    """
    print("computing spectrograms....")
    mels = []
    done = 0
    for k, p in enumerate(audio_paths):
        done += 1
        if (k) in config.SKIP_IDS:
            mels.append(np.zeros((128, 628), dtype=np.float32))
            continue
        sig, sr = librosa.load("data/" + p, sr=config.SAMPLE_RATE)
        mels.append(np.log(np.clip(librosa.feature.melspectrogram(sig, sr), config.LOG_FLOOR, np.inf)).astype(np.float32))
        if (k + 1) % report_every == 0:
            print("{} clips done".format(k + 1))
    print("all done: " + str(done))
    mels = np.array(mels)
    print("writing spectrograms....")
    if not as_numpy:
        pickle.dump(mels, gzip.open(out_path, "wb") if zipped else open(out_path, "wb"))
    else:
        if zipped:
            np.savez_compressed(open(out_path, "wb"), mels)
        else:
            np.save(open(out_path, "wb"), mels)
    print("written")

if __name__ == "__main__":

    # tags
    _, tag_names, counts, tag_rows, audio_paths = read_tags(config.RAW_ANNOTATIONS)

    # sorted tag file
    write_tags(tag_names, counts, tag_rows, config.DATA_DIR + "annotations_cleaned.pickle")

    # spectrograms
    build_spectrograms(audio_paths, config.DATA_DIR + "Spectrograms.data")
