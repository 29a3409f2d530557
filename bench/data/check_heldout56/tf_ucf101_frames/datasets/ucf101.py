"""
UCF101 loaders
"""

import random
import sys

from keras.utils import  np_utils
from sklearn.model_selection import train_test_split

import config
import config3d
from utility.cv_utils import *

ROOT = 'ucf101'
VIDEO_DIR = 'videos'
FRAME_DIR = 'images'
CLIP_DIR = 'clips'

categories = ['ApplyEyeMakeup', 'ApplyLipstick', 'Archery', 'BabyCrawling', 'BalanceBeam', 'BandMarching',
              'BaseballPitch', 'Basketball', 'BasketballDunk',
              'BenchPress', 'Biking', 'Billiards', 'BlowDryHair', 'BlowingCandles', 'BodyWeightSquats', 'Bowling',
              'BoxingPunchingBag', 'BoxingSpeedBag',
              'BreastStroke', 'BrushingTeeth', 'CleanAndJerk', 'CliffDiving', 'CricketBowling', 'CricketShot',
              'CuttingInKitchen', 'Diving', 'Drumming',
              'Fencing', 'FieldHockeyPenalty', 'FloorGymnastics', 'FrisbeeCatch', 'FrontCrawl', 'GolfSwing', 'Haircut',
              'Hammering', 'HammerThrow', 'HandstandPushups', 'HandstandWalking', 'HeadMassage', 'HighJump',
              'HorseRace', 'HorseRiding', 'HulaHoop', 'IceDancing', 'JavelinThrow', 'JugglingBalls', 'JumpingJack',
              'JumpRope', 'Kayaking', 'Knitting', 'LongJump', 'Lunges', 'MilitaryParade', 'Mixing', 'MoppingFloor',
              'Nunchucks', 'ParallelBars', 'PizzaTossing', 'PlayingCello', 'PlayingDaf', 'PlayingDhol', 'PlayingFlute',
              'PlayingGuitar', 'PlayingPiano', 'PlayingSitar', 'PlayingTabla', 'PlayingViolin', 'PoleVault',
              'PommelHorse', 'PullUps', 'Punch', 'PushUps', 'Rafting', 'RockClimbingIndoor', 'RopeClimbing', 'Rowing',
              'SalsaSpin', 'ShavingBeard', 'Shotput', 'SkateBoarding', 'Skiing', 'Skijet', 'SkyDiving',
              'SoccerJuggling', 'SoccerPenalty', 'StillRings', 'SumoWrestling', 'Surfing', 'Swing', 'TableTennisShot',
              'TaiChi', 'TennisSwing',
              'ThrowDiscus', 'TrampolineJumping', 'Typing', 'UnevenBars', 'VolleyballSpiking', 'WalkingWithDog',
              'WallPushups', 'WritingOnBoard', 'YoYo']

print("classes:", len(categories))
if len(categories) < 2:
    raise ValueError("need at least two classes, got %d" % len(categories))


def load_data():
    out_X = []
    out_y = []
    for split in 'train', 'test':
        imgs = []
        ids = []
        for idx, cls in enumerate(categories):
            paths = glob.glob(os.path.join(ROOT, FRAME_DIR, split, cls, '*.jpg'))
            print("%3d. %-50s  %-7d frames" % (idx, cls, len(paths)))
            for p in paths:
                img = imread(p)
                img = cv2.resize(img, config.SIZE)
                if config.CHANNELS == 1:
                    img = im2gray(img).reshape(*img.shape[:-1], 1)
                imgs.append(img)
                ids.append(idx)
        X = np.array(imgs)
        X = X / 255.
        y = np.array(ids)
        y = np_utils.to_categorical(y, len(categories))

        print('X_%s:' % split, X.shape)
        print('y_%s:' % split, y.shape)

        out_X.append(X)
        out_y.append(y)
    return out_X + out_y


def load_data3d():
    out_X = []
    out_y = []
    for split in 'train', 'test':
        clips = []
        ids = []
        for idx, cls in enumerate(categories):
            paths = glob.glob(os.path.join(ROOT, CLIP_DIR, split, cls, '*.avi'))
            print("%3d. %-50s  %-7d clips" % (idx, cls, len(paths)))
            for p in paths:
                print('read', p)
                vid = Video(p)
                stack = []
                for k in range(len(vid)-5):
                    frm=vid.read()
                    if config3d.CHANNELS == 1:
                        frm = im2gray(frm).reshape(*frm.shape[:-1], 1)
                    stack.append(frm)
                stack = np.array(stack)
                clips.append(stack)
                ids.append(idx)
        if not config3d.EXTRACT:
            X = np.array(clips).transpose((0, 2, 3, 4, 1))
            X = X.reshape((X.shape[0], *config3d.SIZE3D, config3d.DEPTH, config3d.CHANNELS))
            X = X / 255
        else:
            from .extractor import Extractor
            feat = Extractor()
            X = []
            for stack in clips:
                stack = feat.extract(stack)
                X.append(stack)
            X = np.array(X)
        y = np.array(ids)
        y = np_utils.to_categorical(y, len(categories))

        print('X_%s:' % split, X.shape)
        print('y_%s:' % split, y.shape)

        out_X.append(X)
        out_y.append(y)
    return out_X + out_y


def extract():
    for idx, cls in enumerate(categories):
        paths = glob.glob(os.path.join(ROOT, VIDEO_DIR, cls, '*'))
        print("%3d. %-50s  %-7d videos" % (idx, cls, len(paths)))
        tr_paths, te_paths = train_test_split(paths, test_size=config.TEST_TRAIN_SPLIT)
        for split, vid_paths in ('train', tr_paths), ('test', te_paths):
            print('sampling frames of %d %s videos' % (len(vid_paths), split))
            out_dir = os.path.join(ROOT, FRAME_DIR, split, cls)
            os.makedirs(out_dir, exist_ok=True)
            n_img = 0
            for vp in vid_paths:
                vid = Video(vp)
                n_kept = 0
                for k in range(len(vid)-10):
                    frm = vid.read()
                    if config.CHANCE > random.random():
                        out_path = os.path.join(out_dir, str(n_img) + '.jpg')
                        imwrite(out_path, frm)
                        n_img += 1
                        n_kept += 1
                sys.stdout.write('kept %d frames of %s' % (n_kept, vp))
                print()


def extract3d():
    codec = cv2.VideoWriter_fourcc(*"MPEG")
    for idx, cls in enumerate(categories):
        paths = glob.glob(os.path.join(ROOT, VIDEO_DIR, cls, '*'))
        print("%3d. %-50s  %-7d videos" % (idx, cls, len(paths)))
        tr_paths, te_paths = train_test_split(paths, test_size=config.TEST_TRAIN_SPLIT)
        for split, vid_paths in ('train', tr_paths), ('test', te_paths):
            print('cutting clips of %d %s videos' % (len(vid_paths), split))
            out_dir = os.path.join( ROOT, CLIP_DIR, split, cls)
            os.makedirs(out_dir, exist_ok=True)
            n_clip = 0
            for vp in vid_paths:
                print(vp)
                vid = Video(vp)
                left = len(vid)-10
                while True:
                    ok, frm = vid.input_video.read()
                    left-=1
                    if not ok or not left>0:
                        break
                    if config3d.CHANCE > random.random():
                        clip_path = os.path.join(ROOT,CLIP_DIR, split, cls, str(n_clip) + '.avi')
                        writer = cv2.VideoWriter(clip_path, codec, 5, config3d.SIZE3D, True)
                        n_clip += 1
                        drop = False
                        for j in range(config3d.DEPTH + 1):
                            ok, frm = vid.input_video.read()
                            left-=1
                            if ok and left>0:
                                frm = cv2.resize(frm, config3d.SIZE3D)
                                writer.write(frm)
                            else:
                                drop = True
                        writer.release()
                        if drop:
                            os.unlink(clip_path)
                            print("removed short clip", clip_path)


def download():
    print("downloading")
    download_file(r'http://crcv.ucf.edu/data/UCF101/UCF101.rar', 'ucf101.rar')
    print("done")
