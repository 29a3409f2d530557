"""End-to-end WaveNet pipeline entry point."""
import wavenet.utils as utils
from wavenet.modules import WaveNet
from wavenet.utils.data import WAVData, WAVDataLoader


def train_pipeline(
    mp3_to_wav_cfg: dict,
    dataset_cfg: dict,
    dataloader_cfg: dict,
    model_cfg: dict,
    train_cfg: dict,
    generator_cfg: dict,
    log_level: int,
):
    """Convert audio, build the data set and loader, build the model and train it."""
    mp3_to_wav_cfg["log_level"] = log_level
    dataset_cfg["log_level"] = log_level
    dataloader_cfg["log_level"] = log_level
    model_cfg["log_level"] = log_level
    train_cfg["log_level"] = log_level
    generator_cfg["log_level"] = log_level

    # mp3 folder -> folder of wav files
    dataset_cfg["input_folder"] = utils.Mp3Converter(**mp3_to_wav_cfg).convert()

    # build the data set from the wav folder
    dataloader_cfg["dataset"] = WAVData(**dataset_cfg)

    # wrap it in a loader
    train_cfg["train_dataloader"] = WAVDataLoader(**dataloader_cfg)

    # the network
    train_cfg["model"] = WaveNet(**model_cfg)

    # run the training loop
    generator_cfg["model_path"] = utils.train(**train_cfg)

    # (music generation step not written yet)
    # generate_music(**generator_cfg)
