/* A GL-free stand-in for "CUDA by Example"'s common/cpu_anim.h, as course
 * repositories and headless ports ship it: the bitmap and its callbacks are
 * kept, the frames are generated in a loop and the last one is written as a
 * PPM instead of being shown in a GLUT window. */
#ifndef __CPU_ANIM_H__
#define __CPU_ANIM_H__

#include <stdio.h>
#include <stdlib.h>

struct CPUAnimBitmap {
    unsigned char    *pixels;
    int     width, height;
    void    *dataBlock;
    void (*fAnim)(void*,int);
    void (*animExit)(void*);
    void (*clickDrag)(void*,int,int,int,int);
    int     dragStartX, dragStartY;

    CPUAnimBitmap( int w, int h, void *d = NULL ) {
        width = w;
        height = h;
        pixels = new unsigned char[width * height * 4];
        dataBlock = d;
        clickDrag = NULL;
    }

    ~CPUAnimBitmap() {
        delete [] pixels;
    }

    unsigned char* get_ptr( void ) const   { return pixels; }
    long image_size( void ) const { return width * height * 4; }

    void click_drag( void (*f)(void*,int,int,int,int)) {
        clickDrag = f;
    }

    void anim_and_exit( void (*f)(void*,int), void(*e)(void*), int frames = 60 ) {
        fAnim = f;
        animExit = e;
        for (int ticks = 1; ticks <= frames; ticks++)
            fAnim( dataBlock, ticks );
        FILE *out = fopen( "frame.ppm", "wb" );
        if (out) {
            fprintf( out, "P6\n%d %d\n255\n", width, height );
            for (int i = 0; i < width * height; i++)
                fwrite( pixels + 4 * i, 1, 3, out );
            fclose( out );
        }
        if (animExit) animExit( dataBlock );
    }
};

#endif  // __CPU_ANIM_H__
