import config
from torch.utils.data import DataLoader
from photo2painting_dataset import PhotoPaintingPairs
from src.model.generator import Generator
from src.model.discriminator import Discriminator
from training import fit_cyclegan


if __name__ == '__main__':
    painting_critic = Discriminator().to(config.RUN_DEVICE)
    photo_to_painting = Generator(res_blocks=6).to(config.RUN_DEVICE)

    photo_critic = Discriminator().to(config.RUN_DEVICE)
    painting_to_photo = Generator(res_blocks=6).to(config.RUN_DEVICE)

    pairs = PhotoPaintingPairs()
    loader = DataLoader(pairs,
                             batch_size=config.BATCH,
                             shuffle=True)

    fit_cyclegan(painting_critic,
                photo_to_painting,
                photo_critic,
                painting_to_photo,
                loader)
