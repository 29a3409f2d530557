from data import DIV2K

train_loader = DIV2K(scale=4,
                     downgrade='bicubic',
                     subset='train',
                     images_dir='/data/div2k/images',
                     caches_dir='/data/div2k/caches')
                     
train_ds = train_loader.dataset(batch_size=16,
                                random_transform=True,
                                repeat_count=None)

valid_loader = DIV2K(scale=4,
                     downgrade='bicubic',
                     subset='valid',
                     images_dir='/data/div2k/images',
                     caches_dir='/data/div2k/caches')

valid_ds = valid_loader.dataset(batch_size=1,
                                random_transform=False,
                                repeat_count=1)

from model.srgan import generator
from train import SrganGeneratorTrainer

pre_trainer = SrganGeneratorTrainer(model=generator(), checkpoint_dir=f'.ckpt/pre_generator')

pre_trainer.train(train_ds, valid_ds.take(10), steps=100000, evaluate_every=1000)

pre_trainer.model.save_weights('weights/srgan/pre_generator.h5')
