"""`oomdoctor check` on scripts whose paths name a public data set: its known size decides what the script does
not show, small (GTZAN's features, Happy House's 750 images) or not (CelebA, DIV2K's patches)."""
import json
import textwrap

from oomdoctor.check import check_script, check_source
from oomdoctor.check.modules import Module
from oomdoctor.check.public_datasets import PUBLIC_DATASETS, datasets_named, small_whole
from oomdoctor.check.values import ARRAYS, TABLE, Data
from oomdoctor.cli import main


def memory_rules(tmp_path, source: str) -> list[tuple[int, str]]:
    script = tmp_path / "train.py"
    script.write_text(textwrap.dedent(source))
    return [(f.line, f.rule) for f in check_source(script) if f.kind == "memory"]


def named(source: str) -> list[str]:
    return [d.name for d in datasets_named([Module(__file__, textwrap.dedent(source))])]


# features computed per file and kept: 128 x 33 float64 a clip, of a data set the script does not size
FEATURES = """\
    import os
    import librosa
    import numpy as np

    root = "{root}"
    names = sorted(os.listdir(root))
    features = np.zeros((len(names), 128, 33))
    for k, name in enumerate(names):
        clip, rate = librosa.load(os.path.join(root, name))
        features[k] = librosa.feature.mfcc(y=clip, sr=rate, n_mfcc=33).T[:128]
    np.save("features.npy", features)
"""


def test_features_of_a_small_named_set_are_not_flagged(tmp_path):
    # GTZAN's 1,000 clips at 128 x 33 float64 make 33 MB
    assert memory_rules(tmp_path, FEATURES.format(root="data/genres_original/blues")) == []


def test_the_same_features_of_an_unnamed_set_are(tmp_path):
    assert (7, "eager-loading") in memory_rules(tmp_path, FEATURES.format(root="data/my_recordings"))


def test_an_h5_split_read_whole_of_a_small_named_set(tmp_path):
    source = """\
        import h5py
        import numpy as np
        from tensorflow import keras

        def load(path):
            with h5py.File(path, "r") as f:
                return np.array(f["x"][:]), np.array(f["y"][:])

        x, y = load("{path}")
        x = x / 255.0
        model = keras.Sequential([keras.layers.Flatten(), keras.layers.Dense(2)])
        model.fit(x, y, epochs=5)
    """
    assert memory_rules(tmp_path, source.format(path="datasets/train_happy.h5")) == []
    assert memory_rules(tmp_path, source.format(path="datasets/train_scans.h5"))


def test_a_large_named_set_stays_flagged(tmp_path):
    # CelebA's 202,599 faces at 64 x 64 x 3 float32: 9.3 GiB
    assert memory_rules(tmp_path, """\
        import glob
        import numpy as np
        from PIL import Image

        def face(path):
            im = Image.open(path).resize((64, 64))
            return np.asarray(im, dtype=np.float32) / 127.5 - 1.0

        paths = glob.glob("celeba/img_align_celeba/*.jpg")
        faces = []
        for p in paths:
            faces.append(face(p))
        faces = np.stack(faces)
    """) == [(12, "eager-loading"), (13, "duplicate-copy")]  # (each face made float32 on line 7: said by the list's)


def test_patches_of_a_set_scripts_cut_are_judged_by_the_whole_set(tmp_path):
    # 48 x 48 patches: 900 of them would be small, but DIV2K's 900 images give hundreds of thousands
    source = """\
        import glob
        import cv2
        import numpy as np

        patches = []
        for path in glob.glob("DIV2K_train_HR/*.png"):
            image = cv2.imread(path)
            for y in range(0, image.shape[0] - 48, 24):
                for x in range(0, image.shape[1] - 48, 24):
                    patches.append(image[y:y + 48, x:x + 48].astype(np.float32) / 255.0)
        patches = np.array(patches)
    """
    assert memory_rules(tmp_path, source) == memory_rules(tmp_path, source.replace("DIV2K_train_HR", "photos"))
    assert (10, "eager-loading") in memory_rules(tmp_path, source)


def test_a_table_of_records_judges_only_the_table():
    ratings = next(d for d in PUBLIC_DATASETS if d.name == "MovieLens 1M")
    table = Data(line=1, path="train.py", how="pandas.read_csv", content=TABLE)
    # a user x item matrix built from 1M ratings is counted in users, not ratings: its size is not the table's
    matrix = Data(line=2, path="train.py", how="numpy.zeros", content=ARRAYS)
    assert small_whole(table, None, [ratings])
    assert not small_whole(matrix, None, [ratings])


def test_the_name_most_fully_said_is_the_one():
    assert named('path = "/data/mini_speech_commands/yes"') == ["Mini Speech Commands"]
    assert named('path = "/data/speech_commands_v0.02"') == ["Speech Commands"]


def test_weights_and_docstrings_do_not_name_the_data():
    assert named('''\
        """Fine-tunes a classifier pretrained on FER2013."""
        model = build(weights="fer2013_mini_xception.h5")
        data = load("my_faces.npy")
    ''') == []
    assert named('data = load("fer2013/fer2013.csv")') == ["FER-2013"]


def test_words_are_matched_whole():
    # "lfw" inside another word is not LFW; "kitti" is not in "skittish"
    assert named('a = "./selfwork/skittish.npy"') == []
    assert named('a = "~/data/lfw-deepfunneled/"') == ["LFW"]


def test_check_says_which_sets_it_recognised(tmp_path, capsys):
    script = tmp_path / "train.py"
    script.write_text(textwrap.dedent(FEATURES.format(root="data/genres_original/blues")))
    assert check_script(script).datasets[0].name == "GTZAN"
    assert main(["check", "--static-only", "--json", str(script)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["datasets_named"] == [{"name": "GTZAN", "samples": 1000, "unit": "clips",
                                         "sample_shape": [661500], "dtype": "float32",
                                         "decoded_bytes": 2_646_000_000}]
    assert main(["check", "--static-only", str(script)]) == 0
    assert "Data sets the script names: GTZAN, 1,000 clips" in capsys.readouterr().out
    page = tmp_path / "report.html"
    assert main(["check", "--static-only", "--html", str(page), str(script)]) == 0
    assert "Data sets the script names: GTZAN, 1,000 clips" in page.read_text()


def test_a_list_of_most_of_a_sets_class_names_names_it():
    # GTZAN read from a folder of any name ('songs/genres'), its ten genres listed for os.path.join(root, genre)
    assert named("genres = ['blues', 'classical', 'country', 'disco', 'hiphop', 'jazz', 'metal', 'pop', "
                 "'reggae', 'rock']\n") == ["GTZAN"]
    assert named("labels = {'dog_bark': 0, 'siren': 1, 'drilling': 2, 'jackhammer': 3, 'gun_shot': 4, "
                 "'car_horn': 5}\n") == ["UrbanSound8K"]
    # a few of them, or among many other words (a vocabulary), name nothing
    assert named("kinds = ['rock', 'pop', 'jazz']\n") == []
    assert named("words = ['rock', 'pop', 'jazz', 'metal', 'blues', 'disco', " +
                 ", ".join(f"'w{i}'" for i in range(20)) + "]\n") == []


# a model fed the data set decoded per file, the kept sample shown only by the model's input shape
FED = """\
    import os
    import librosa
    import numpy as np
    from keras.models import Sequential
    from keras.layers import Conv2D, Flatten, Dense

    genres = ['blues', 'classical', 'country', 'disco', 'hiphop', 'jazz', 'metal', 'pop', 'reggae', 'rock']
    coeffs = []
    for genre in genres:
        for name in os.listdir(os.path.join('songs', genre)):
            clip, rate = librosa.load(os.path.join('songs', genre, name), duration=30)
            coeffs.append(librosa.feature.mfcc(y=clip, sr=rate, n_mfcc=40)[:, :130])
    x = np.array(coeffs)[..., np.newaxis]
    net = Sequential([Conv2D(32, (3, 3), input_shape=({side}, 1)), Flatten(), Dense(10)])
    net.compile('adam', 'categorical_crossentropy')
    net.fit(x, y, epochs=30)
"""


def test_the_model_input_shape_is_the_kept_sample_of_a_named_set_it_is_fed(tmp_path):
    # GTZAN's 1,000 clips as 40 x 130 frames (at 8 bytes a value, the safe side) are 42 MB: nothing to say; as
    # 1,024 x 1,024 maps they would be 8 GiB
    assert memory_rules(tmp_path, FED.format(side="40, 130")) == []
    assert {rule for _, rule in memory_rules(tmp_path, FED.format(side="1024, 1024"))} >= {
        "eager-loading", "in-memory-array"}
