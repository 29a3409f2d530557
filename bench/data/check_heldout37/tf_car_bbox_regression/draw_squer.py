import matplotlib.pyplot as plt
import matplotlib.patches as patches
import numpy as np

def show_box(box,img):
    print(box)
    xs = [int(box[0]),int(box[0]),int(box[2]),int(box[2])]
    ys = [int(box[1]),int(box[3]),int(box[3]),int(box[1])]
    fig, ax = plt.subplots()
    ax.imshow(img[0])
    outline = patches.Polygon(np.column_stack((xs, ys)), closed=True, linewidth=2, edgecolor='r', facecolor='none')
    ax.add_patch(outline)
    plt.xlabel('x (pixels)')
    plt.ylabel('y (pixels)')
    plt.title('predicted car box')
    plt.show()



