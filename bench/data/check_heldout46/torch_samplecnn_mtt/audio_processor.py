''' converts the mp3 clips to npy waveforms '''
import os, errno
import numpy as np
import torch 
import librosa
from pathlib import Path
import config 


def mp3_to_npy(mp3_dir, npy_dir):
    ''' Decodes every clip at config.SR and writes it as npy 
    Args : 
        mp3_dir : folder of the MagnaTagATune clips 
        npy_dir : folder to write waveforms to 
    Return :
        None 
    '''
    
    # create the output folder 
    if not os.path.exists(npy_dir):
        os.makedirs(npy_dir)


    subdirs = [d for d in os.listdir(mp3_dir) if d >= '0' and d <= 'f']
    for d in subdirs : 
        # one output sub-folder per input sub-folder '0' .. 'f'
        try:
            os.mkdir(Path(npy_dir) / d)
        except OSError as e:
            if e.errno != errno.EEXIST:
                raise
        clips = [c for c in os.listdir(Path(mp3_dir) / d) if c.split(".")[-1] == 'mp3']
        for c in clips :
            try:
                wave,sr = librosa.load(c, sr=config.SR)
                if len(wave)/self.SEG_LEN < 10:
                    print ("clip shorter than 10 segments")
            except:
                print ("could not decode {}".format(c))
                continue

            stem = c.split(".")[0]
            np.save(Path(npy_dir) / (d + '/' + stem + '.npy'), wave)


def load_segment(npy_path, part):
    ''' One segment of SEG_LEN samples from a clip's waveform 
    Args : 
        npy_path : the clip's npy file 
        part : which segment; at most total_samples//SEG_LEN 
    Return : 
        seg : SEG_LEN samples 
    '''
    wave = np.load(npy_path)
    # part = np.random.randint(10)
    try : 
        seg = wave[part * config.SEG_LEN : (part+1)*config.SEG_LEN]
    except : 
        part = np.random.randint(10)
        load_segment(npy_path, part, config.SEG_LEN)
    return seg



if __name__ =='__main__':
    # decode all clips to npy 
    mp3_to_npy(config.MP3_DIR, config.NPY_DIR)
    
