import os
import spectral
import numpy as np
from cube_data import read_scene,reduce_bands,zero_border

def window_at(cube,r,c,side):
    rs = slice(r, r+side)
    cs = slice(c, c+side)
    win = cube[rs, cs, :]
    return win

# Draw the reference map and the map the network predicts
def draw_maps(tag,net,side,depth,out_dir,root_dir):
    #read the scene again
    cube, truth = read_scene(tag,root_dir)

    rows = truth.shape[0]
    cols = truth.shape[1]
    SIDE = side
    n_keep = depth

    cube,reducer = reduce_bands(cube, n_keep=n_keep)
    cube = zero_border(cube, SIDE//2)

    # label every labelled pixel
    pred_map = np.zeros((rows,cols))
    for r in range(rows):
        for c in range(cols):
            cls = int(truth[r,c])
            if cls == 0 :
                continue
            else :
                win=window_at(cube,r,c,SIDE)
                one = win.reshape(1,win.shape[0],win.shape[1], win.shape[2], 1).astype('float32')
                out = (net.predict(one))
                out = np.argmax(out, axis=1)
                pred_map[r][c] = out+1

    ref_view = spectral.imshow(classes = truth,figsize =(7,7))
    pred_view = spectral.imshow(classes = pred_map.astype(int),figsize =(7,7))

    spectral.save_rgb(os.path.join(out_dir,str(tag)+"_predictions.jpg"), pred_map.astype(int), colors=spectral.spy_colors)
    spectral.save_rgb(os.path.join(out_dir,str(tag)+"_ground_truth.jpg"), truth, colors=spectral.spy_colors)
