from caption_generator import *
from utils.data_util import generate_captions
from configuration import Configuration
import os, sys
import argparse
import json

cli = argparse.ArgumentParser()
cli.add_argument(
    "--mode",
    type=str,
    help="what to do: train, test or eval",
    choices=[
        "train",
        "test",
        "eval"],
    required=True)
cli.add_argument(
    "--resume",
    help="continue from the last saved step",
    action="store_true")
cli.add_argument(
    "--caption_path",
    type=str,
    help="caption annotations (flickr30k token file or COCO json)")
cli.add_argument(
    "--feature_path",
    type=str,
    help="precomputed CNN features of the images (.npy)")
cli.add_argument(
    "--data_is_coco",
    help="set when the captions are COCO json; they are rewritten in flickr layout",
    action="store_true")
cli.add_argument(
    "--inception_path",
    type=str,
    help="frozen inception_v4 graph",
    default="ConvNets/inception_v4.pb")
cli.add_argument(
    "--saveencoder",
    help="write the encoder graph under model/Encoder/",
    action="store_true")
cli.add_argument(
    "--savedecoder",
    help="write the decoder graph under model/Decoder/",
    action="store_true")
cli.add_argument(
    "--image_path",
    type=str,
    help="image to caption in test mode")
cli.add_argument(
    "--load_image",
    help="in test mode, show and save the image with its caption",
    action="store_true")
cli.add_argument(
    "--validation_data",
    type=str,
    help="in eval mode, the validation feature file")
opts = cli.parse_args()
cfg = Configuration(vars(opts))

if cfg.mode == "train":
    words, word_ids, pairs = generate_captions(
        cfg.word_threshold, cfg.max_len, opts.caption_path, opts.feature_path,
        cfg.data_is_coco)
    img_vecs, sentences = pairs[:, 0], pairs[:, 1]
    img_vecs = np.array([v.astype(float) for v in img_vecs])
    bundle = (words.tolist(), word_ids.tolist(), img_vecs, sentences)
    captioner = Caption_Generator(cfg, data=bundle)
    loss, placeholders = captioner.build_train_graph()
    captioner.train(loss, placeholders)

elif cfg.mode == "test":
    if os.path.exists(opts.image_path):
        captioner = Caption_Generator(cfg)
        captioner.decode(opts.image_path)
    else:
        print("No such image. Run: python main.py --mode test --image_path PATH")

elif cfg.mode == "eval":
    cfg.mode = "test"
    cfg.batch_decode = True
    print(opts.validation_data)
    if os.path.exists(opts.validation_data):
        img_vecs = np.load(opts.validation_data)
        #with open("Dataset/Validation_Captions.txt") as fh:
        #    rows = fh.readlines()
        with open("Dataset/image_info_test2014.json",'r') as fh:
            rows=json.load(fh)

        #names = [r.split('\t')[0].split('#')[0] for r in rows]
        names  = sorted([r["file_name"].split('.')[0] for r in rows['images']])
        #sentences = [r.replace('\n', '').split('\t')[1] for r in rows]
        #img_vecs, sentences = val_pairs[:, 0], val_pairs[:, 1]
        img_vecs = np.array([v.astype(float) for v in img_vecs])
        captioner = Caption_Generator(cfg)
        outputs = captioner.batch_decoder(names, img_vecs)
