import cv2
from PIL import Image
import argparse
from pathlib import Path
from multiprocessing import Process, Pipe,Value,Array
import torch
from config import get_config
from detector import MTCNN
from Learner import face_learner
from utils import load_facebank, draw_box_name, prepare_facebank

if __name__ == '__main__':
    ap = argparse.ArgumentParser(description='for face verification')
    ap.add_argument("-s", "--save", help="(see README: help)",action="store_true")
    ap.add_argument('-th','--threshold',help="(see README: help)",default=1.54, type=float)
    ap.add_argument("-u", "--update", help="(see README: help)",action="store_true")
    ap.add_argument("-tta", "--tta", help="(see README: help)",action="store_true")
    ap.add_argument("-c", "--score", help="(see README: help)",action="store_true")
    opts = ap.parse_args()

    cfg = get_config(False)

    detector = MTCNN()
    print('mtcnn read')
    
    fl = face_learner(cfg, True)
    fl.threshold = opts.threshold
    if cfg.device.type == 'cpu':
        fl.load_state(cfg, 'cpu_final.pth', True, True)
    else:
        fl.load_state(cfg, 'final.pth', True, True)
    fl.model.eval()
    print('learner read')
    
    if opts.update:
        bank_embs, bank_names = prepare_facebank(cfg, fl.model, detector, tta = opts.tta)
        print('facebank updated')
    else:
        bank_embs, bank_names = load_facebank(cfg)
        print('facebank read')

    # ~
    cam = cv2.VideoCapture(0)
    cam.set(3,1280)
    cam.set(4,720)
    if opts.save:
        vw = cv2.VideoWriter(cfg.data_path/'recording.avi', cv2.VideoWriter_fourcc(*'XVID'), 6, (1280,720))
        # ~
    while cam.isOpened():
        ok,frm = cam.read()
        if ok:            
            try:
# ~
                pil_img = Image.fromarray(frm)
                boxes, crops = detector.align_multi(pil_img, cfg.face_limit, cfg.min_face_size)
                boxes = boxes[:,:-1] # ~
                boxes = boxes.astype(int)
                boxes = boxes + [-1,-1,1,1] # ~
                match_ids, match_d = fl.infer(cfg, crops, bank_embs, opts.tta)
                for k,box in enumerate(boxes):
                    if opts.score:
                        frm = draw_box_name(box, bank_names[match_ids[k] + 1] + '_{:.2f}'.format(match_d[k]), frm)
                    else:
                        frm = draw_box_name(box, bank_names[match_ids[k] + 1], frm)
            except:
                print('detect error')    
                
            cv2.imshow('face Capture', frm)

        if opts.save:
            vw.write(frm)

        if cv2.waitKey(1)&0xFF == ord('q'):
            break

    cam.release()
    if opts.save:
        vw.release()
    cv2.destroyAllWindows()    